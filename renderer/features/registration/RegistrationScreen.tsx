export function RegistrationScreen() {
  return (
    <section className="panel">
      <h1>Registration</h1>
      <p className="lead">Register a patient for a national health account with their Aadhaar number and a one-time password.</p>
    </section>
  );
}
