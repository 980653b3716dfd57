/** A problem with what was just entered or asked, said where it happened (read out at once). */
export function FieldError({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="field-error" role="alert">
      {problem}
    </p>
  ) : null;
}
