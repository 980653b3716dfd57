export function RecordsScreen() {
  return (
    <section className="panel">
      <h1>Records</h1>
      <p className="lead">Upload lab reports (PDF, JPEG or PNG, up to 10 MB) for parsing.</p>
    </section>
  );
}
