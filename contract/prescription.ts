/** The EMR template's decoded JSON, as main checked it: a prescription. */

export interface Frequency {
  pattern_id?: string;
  dose?: string[];
  period?: number;
  period_unit?: string;
  frequency?: string;
  custom?: string;
}

export interface Medication {
  name: string;
  frequency?: Frequency;
  instruction?: string;
  id?: string;
}

export interface Prescription {
  medications: Medication[];
  language?: string;
}
