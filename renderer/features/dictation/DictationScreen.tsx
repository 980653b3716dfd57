export function DictationScreen() {
  return (
    <section className="panel">
      <h1>Dictation</h1>
      <p className="lead">Record a dictation for the current patient; it is kept on this computer and sent when the service can be reached.</p>
    </section>
  );
}
