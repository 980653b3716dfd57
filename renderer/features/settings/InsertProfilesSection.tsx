/**
 * The programs the note goes into, each with how it goes in (rich, plain, typed) and whether a
 * note still processing is inserted when ready. A program is added by pressing the copy
 * shortcut in it once, then "Remember for this program" here.
 */
import { INSERT_FORMAT_LABELS, INSERT_FORMATS, PROGRAM_MATCH_LABELS, type InsertFormat, type InsertProfile } from '../../../contract/insert-profiles';
import type { ShortcutAccess } from '../../../contract/ipc';
import { FieldError, LockNote } from './fields';

const FORMAT_OPTIONS = INSERT_FORMATS.map((format) => (
  <option key={format} value={format}>
    {INSERT_FORMAT_LABELS[format]}
  </option>
));

interface Props {
  profiles: InsertProfile[];
  locked: boolean;
  error: string | undefined;
  access: ShortcutAccess;
  onChange(profiles: InsertProfile[]): void;
}

export function InsertProfilesSection({ profiles, locked, error, access, onChange }: Props) {
  const update = (index: number, change: Partial<InsertProfile>) => onChange(profiles.map((profile, at) => (at === index ? { ...profile, ...change } : profile)));
  const last = access.lastProgram && access.lastProgramMatch ? { program: access.lastProgram, match: access.lastProgramMatch } : null;
  const known = last !== null && profiles.some((profile) => profile.match === last.match && profile.program.toLowerCase() === last.program.toLowerCase());
  return (
    <div className="field">
      <fieldset className="insert-programs" aria-describedby={error ? 'insertProfiles-error' : undefined}>
        <legend>
          How the note goes into each program <LockNote locked={locked} />
        </legend>
        {profiles.length === 0 ? (
          <p className="hint">No program of your own yet: browsers and office programs get it with formatting, text editors as plain text, remote desktops typed.</p>
        ) : (
          <ul className="insert-profiles">
            {profiles.map((profile, index) => (
              <li key={`${profile.match}:${profile.program}`}>
                <strong>{profile.program}</strong> <span className="hint">({PROGRAM_MATCH_LABELS[profile.match]})</span>{' '}
                <select aria-label={`How the note goes into ${profile.program}`} value={profile.format} disabled={locked} onChange={(event) => update(index, { format: event.target.value as InsertFormat })}>
                  {FORMAT_OPTIONS}
                </select>{' '}
                <label>
                  <input type="checkbox" checked={profile.insertWhenReady === true} disabled={locked} onChange={(event) => update(index, { insertWhenReady: event.target.checked })} /> Insert
                  a note still processing when it is ready
                </label>{' '}
                <button type="button" disabled={locked} onClick={() => onChange(profiles.filter((_, at) => at !== index))} aria-label={`Forget ${profile.program}`}>
                  Forget
                </button>
              </li>
            ))}
          </ul>
        )}
        {last && !known && !locked ? (
          <p>
            The copy shortcut was last pressed in <strong>{last.program}</strong>.{' '}
            <button type="button" onClick={() => onChange([...profiles, { program: last.program, match: last.match, format: 'rich' }])}>
              Remember for this program
            </button>
          </p>
        ) : null}
        {!last && !locked ? <p className="hint">To add a program, press the copy shortcut in it once, then come back here.</p> : null}
      </fieldset>
      <FieldError id="insertProfiles-error" message={error} />
    </div>
  );
}
