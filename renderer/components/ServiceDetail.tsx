/** The other system's own words in full (main bounds them), folded away under the message that cites them. */
export function ServiceDetail({ detail }: { detail: string }) {
  return (
    <details className="service-detail">
      <summary>The service's full message</summary>
      <p>{detail}</p>
    </details>
  );
}
