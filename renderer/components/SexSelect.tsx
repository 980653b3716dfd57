/** The patient's sex chosen from the app's list, with `none` naming the empty choice ("Not known", "Choose"). */
import { PATIENT_SEXES, SEX_NAMES, type PatientSex } from '../../contract/patients';

export function SexSelect({ id, value, onChange, none }: { id: string; value: PatientSex | ''; onChange(value: PatientSex | ''): void; none: string }) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value as PatientSex | '')}>
      <option value="">{none}</option>
      {PATIENT_SEXES.map((sex) => (
        <option key={sex} value={sex}>
          {SEX_NAMES[sex]}
        </option>
      ))}
    </select>
  );
}
