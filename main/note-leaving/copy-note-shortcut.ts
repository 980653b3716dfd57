/**
 * The global shortcut that copies the note of the dictation in view (else the newest) and,
 * when the setting asks, inserts it into the window that had the focus at the press, in the
 * form that program takes (insertion-decision.ts): pasted by the OS's paste keys once the
 * shortcut's own keys are let go (a Ctrl+V pressed while Alt is still held reaches that
 * program as Ctrl+Alt+V), or typed; a note still processing only when that program's profile
 * says "insert when ready". Right before inserting, focus is asked again: another window, or
 * the same window with another title, gets nothing. The field is read back where the OS lets
 * the app (field-landing.ts): a note the field cut short, or did not take, is said, and stays
 * on the clipboard whole. Otherwise, after a paste the doctor's earlier clipboard goes back,
 * if the clipboard still holds this very copy. Insertions go one at a time: a second press
 * inserts only once the first has put the clipboard back, so that no put-back lands while a
 * paste is still being read. Whatever does not go in is said at once, and the note stays copied.
 * With insertion on, a held shortcut's repeats by the OS are never taken for presses
 * (shortcut-presses.ts): a repeat fired after the focus moved would put the note there. The
 * keyboard hook runs from the press until the note is in and the keys are let go only.
 */
import type { InsertProfile, ProgramIdentity } from '../../contract/insert-profiles';
import type { ShortcutRefusal } from '../audit/feature-hooks';
import type { CopyOptions } from '../clipboard/copy-path';
import type { EarlierContent } from '../clipboard/earlier-clipboard';
import type { CopyId, PutBack } from '../clipboard/patient-clipboard';
import type { Clock, ClockTimer } from '../core/clock';
import type { EventLog } from '../core/event-log';
import { bindingModifierDown, isBindingKey, keyBindingOf, MODIFIER_CODES, type KeyBinding } from '../shortcuts/accelerator-keys';
import { GlobalShortcut, type AcceleratorRegistry } from '../shortcuts/global-shortcut';
import { ShortcutPresses, TOGGLE_REPEAT_MS } from '../shortcuts/shortcut-presses';
import { landingOf, landingProblem } from '../shortcuts/field-landing';
import { decideInsertion, programLabel, targetChange, type Focus, type Insertion, type NoteReadiness, type TargetWindow } from '../shortcuts/insertion-decision';
import type { KeyboardHook } from '../shortcuts/keyboard-hook';
import { typeNote, type Typist } from '../shortcuts/note-typing';
import { NO_TYPIST } from '../shortcuts/typist';

/** Once the shortcut's keys are seen let go, this long without any of them pressed again means all are up. */
const RELEASE_SETTLE_MS = 100;
/**
 * When the OS says none of the shortcut's modifiers is down any more (libuiohook reads them
 * when the hook starts, so it knows those pressed before it), this short wait is enough.
 */
const RELEASED_MS = 20;
/** Nothing of the shortcut seen for this long: its keys were let go before the hook could watch (a held key would have repeated). */
const UNSEEN_RELEASE_MS = 1_100;
/** How long the shortcut's keys may stay down before the paste is given up (the note stays copied). */
const RELEASE_WAIT_MS = 4_000;

/** After the paste keys, the target reads the clipboard: the earlier content goes back this much later, once the field shows the note. */
export const PUT_BACK_AFTER_MS = 400;
/**
 * Where the field cannot be read back, nothing says the program has read the clipboard yet: a
 * busy one reading it after the put-back would paste the earlier content (another patient's,
 * perhaps) into this chart. The earlier content waits this long then; patient safety over the
 * doctor's clipboard coming back sooner.
 */
export const UNSEEN_PUT_BACK_AFTER_MS = 2_000;
/** A field that shows less than the note is read again this often, up to this long, before anything is said: it may show the note a moment after it took it. */
const LANDING_RECHECK_MS = 150;
const LANDING_SETTLE_MS = 600;
/** A note waited for ("insert when ready") is given up after this long. */
const READY_WAIT_MS = 15 * 60 * 1000;
const ESC = 0x0001;

/** A note the shortcut copied: whose, its text, what the clipboard held before (when it is to be put back), and the copy's id; or why none was, in words and as the trail names it. */
export type ShortcutCopy = { copied: true; which: string; text: string; earlier: EarlierContent | null; copy: CopyId } | { copied: false; reason: string; refusal: ShortcutRefusal };

export interface CopyNoteActions {
  /** The dictation the shortcut takes now (the one in view, else the newest), or null. */
  target(): string | null;
  readiness(id: string): NoteReadiness;
  /** Resolves true once the dictation's note is ready, false when it will not be (failed, removed) or after `timeoutMs`. */
  whenReady(id: string, timeoutMs: number): Promise<boolean>;
  /** Copies dictation `id`'s note through the copy path, in `options.form`. */
  copy(id: string | null, options: CopyOptions): Promise<ShortcutCopy>;
  /** After the paste of `copy`: the earlier clipboard goes back, unless the clipboard no longer holds that copy. */
  putBack(earlier: EarlierContent, copy: CopyId): Promise<PutBack>;
  /** True when a window of this app has focus. */
  appHasFocus(): boolean;
  /** The OS's focused window ('unknown' where it cannot be asked). */
  focusedWindow(): Focus;
  /** The text of the focused field in `target`, or null where this OS or that program does not let the app read it (absent: never). */
  fieldText?(target: TargetWindow): Promise<string | null>;
  profiles(): readonly InsertProfile[];
  typist(): Typist | null;
  /** The program of the last press, for Settings' "remember for this program". */
  pressedIn(program: ProgramIdentity | null): void;
  /** Tells the user what happened (the app may be in the background). */
  tell(title: string, body: string): void;
}

const PUT_BACK_PROBLEM: Partial<Record<PutBack, string>> = {
  unreadable: 'What was on the clipboard before could not be read back, so it was not restored; the note stays on the clipboard.',
  secret:
    'What was on the clipboard before was marked secret by a password manager, so it was not restored (that would have put it where clipboard history keeps it); the note stays on the clipboard.',
  failed: 'What was on the clipboard before could not be restored; the note stays on the clipboard.',
};

/** What the copy shortcut needs besides its actions: the OS's shortcuts, the log and the clock. */
export interface CopyNoteContext {
  accelerators: AcceleratorRegistry;
  log: EventLog;
  clock: Clock;
}

/** Resolves true once the shortcut's keys are let go, false when they are held past `timeoutMs`. */
function released(hook: KeyboardHook, binding: KeyBinding, timeoutMs: number, clock: Clock): Promise<boolean> {
  return new Promise((resolve) => {
    let settle: ClockTimer | null = null;
    const finish = (value: boolean) => {
      clock.clearTimeout(unseen);
      clock.clearTimeout(limit);
      clock.clearTimeout(settle);
      unlisten();
      resolve(value);
    };
    const unseen = clock.setTimeout(() => finish(true), UNSEEN_RELEASE_MS);
    const limit = clock.setTimeout(() => finish(false), timeoutMs);
    const ofShortcut = (code: number) => isBindingKey(binding, code) || !MODIFIER_CODES.has(code);
    const unlisten = hook.onKey({
      keyDown: (code) => {
        if (!ofShortcut(code)) return;
        clock.clearTimeout(unseen);
        clock.clearTimeout(settle);
        settle = null;
      },
      keyUp: (code, down) => {
        if (!ofShortcut(code)) return;
        clock.clearTimeout(unseen);
        clock.clearTimeout(settle);
        const allUp = !bindingModifierDown(binding, down) && !hook.keys.anyOf(binding.key);
        settle = clock.setTimeout(() => {
          if (!binding.modifiers.some((codes) => hook.keys.anyOf(codes)) && !hook.keys.anyOf(binding.key)) finish(true);
        }, allUp ? RELEASED_MS : RELEASE_SETTLE_MS);
      },
    });
  });
}

type Plan = Extract<Insertion, { kind: 'insert' | 'wait' }>;

export class CopyNoteShortcut {
  private readonly shortcut: GlobalShortcut;
  private readonly presses: ShortcutPresses;
  private readonly unlisten: () => void;
  private binding: KeyBinding | null = null;
  private applied: string | null = null;
  private insert = false;
  /** The note the shortcut last copied without inserting, and when it was pressed. */
  private lastCopied: { which: string; text: string; at: number } | null = null;
  private readonly log: EventLog;
  private readonly clock: Clock;
  /** The insertion under way (from its copy to its put-back); the next one waits for it. */
  private insertions: Promise<void> = Promise.resolve();

  constructor(
    private readonly actions: CopyNoteActions,
    private readonly hook: KeyboardHook,
    context: CopyNoteContext,
  ) {
    this.shortcut = new GlobalShortcut(() => this.pressed(), context.accelerators);
    this.log = context.log;
    this.clock = context.clock;
    // Followed from the press: the paste may wait for the keys' release.
    this.presses = new ShortcutPresses(() => this.act(), context.clock, { available: () => hook.problem() === null, begin: () => hook.begin() }, { followAtOnce: () => true, held: () => false, released: () => {} });
    this.unlisten = hook.onKey({ keyDown: (code) => this.presses.keyDown(code), keyUp: (code) => this.presses.keyUp(code) });
  }

  /** Registers `accelerator` (empty: none); `insert`: also insert the note into the focused program. Returns a message when the OS refuses the shortcut. */
  apply(accelerator: string, insert: boolean): string | null {
    const problem = this.shortcut.apply(accelerator);
    this.binding = keyBindingOf(accelerator, process.platform);
    // Only a change of shortcut lets go of a press followed now.
    if (accelerator !== this.applied) this.presses.use(this.binding);
    this.applied = accelerator;
    this.insert = insert;
    return problem;
  }

  current(): string | null {
    return this.shortcut.current();
  }

  dispose(): void {
    this.shortcut.dispose();
    this.presses.dispose();
    this.unlisten();
  }

  /** Where the focus is: asked at once, before anything else can move it. */
  private focus(): Focus {
    return this.actions.appHasFocus() ? { kind: 'app' } : this.actions.focusedWindow();
  }

  /** Inserting, the OS's repeats are told from presses; copying only, each copies the note in view again. */
  private pressed(): void {
    if (this.insert && this.binding && this.hook.problem() === null) this.presses.pressed();
    else void this.act();
  }

  private act(): Promise<void> {
    const focus = this.insert ? this.focus() : null;
    // The hook follows the press from the start, so that the release is seen.
    const hooked = this.insert && this.binding ? this.hook.begin() : null;
    const run = focus ? this.copyAndInsert(focus, hooked !== null) : this.copyOnly();
    return run
      .catch((error: unknown) => {
        this.log.warn(`copy: the note could not be copied or inserted (${(error as Error).message})`);
        this.actions.tell('Note not inserted', 'Something went wrong while copying or inserting the note. Copy it from Scribe Desk.');
      })
      .finally(() => hooked?.end());
  }

  /**
   * Held, the OS repeats the shortcut: each repeat copies the note in view again (so the
   * clipboard always holds the one in view), and the same note's copy is told once.
   */
  private async copyOnly(): Promise<void> {
    const at = this.clock.now();
    const copy = await this.actions.copy(this.actions.target(), {});
    if (!copy.copied) return this.actions.tell('Note not copied', copy.reason);
    const last = this.lastCopied;
    const repeated = last !== null && last.which === copy.which && last.text === copy.text && at - last.at < TOGGLE_REPEAT_MS;
    this.lastCopied = { which: copy.which, text: copy.text, at };
    if (!repeated) this.actions.tell('Note copied', `The note of ${copy.which} is on the clipboard.`);
  }

  private async copyAndInsert(focus: Focus, hooked: boolean): Promise<void> {
    this.log.info(`copy: the shortcut was pressed (focus: ${focus.kind === 'window' ? programLabel(focus.window) : focus.kind})`);
    this.actions.pressedIn(focus.kind === 'window' ? focus.window.program : null);
    const id = this.actions.target();
    const decision = decideInsertion({
      keyboardProblem: hooked ? null : (this.hook.problem() ?? 'The keyboard could not be followed.'),
      focus,
      note: id === null ? 'none' : this.actions.readiness(id),
      profiles: this.actions.profiles(),
    });
    if (decision.kind === 'copy') {
      if (decision.why) this.log.info(`copy: not inserted: ${decision.why}`);
      const copy = await this.actions.copy(id, { form: decision.form });
      if (!copy.copied) this.actions.tell('Note not copied', copy.reason);
      else this.actions.tell(decision.why ? 'Note copied, not inserted' : 'Note copied', `The note of ${copy.which} is on the clipboard.${decision.why ? ` ${decision.why}` : ''}`);
      return;
    }
    // Watched from the press: typing, and a paste whose keys cannot be let go for it, wait until the doctor lets go.
    const keysUp = this.keysReleased();
    if (decision.kind === 'wait') {
      if (!(await keysUp)) return this.heldTooLong();
      if (!(await this.waitForNote(id!, decision.target))) return;
      return this.inTurn(() => this.insertNote(id, decision, this.readField(decision.target), keysUp));
    }
    // The field as it is before the note goes in, to tell afterwards what of the note landed.
    const before = this.readField(decision.target);
    await this.inTurn(() => this.insertNote(id, decision, before, keysUp));
  }

  /** Runs `insertion` once the one before it has finished (its paste read, the clipboard put back). */
  private inTurn(insertion: () => Promise<void>): Promise<void> {
    const run = this.insertions.then(insertion);
    this.insertions = run.catch(() => undefined);
    return run;
  }

  private readField(target: TargetWindow | null): Promise<string | null> {
    return target && this.actions.fieldText ? this.actions.fieldText(target).catch(() => null) : Promise.resolve(null);
  }

  /** Resolves true once the shortcut's keys are let go, false when they are held too long. */
  private keysReleased(): Promise<boolean> {
    return this.binding ? released(this.hook, this.binding, RELEASE_WAIT_MS, this.clock) : Promise.resolve(true);
  }

  private heldTooLong(): void {
    this.actions.tell('Note not inserted', "The shortcut's keys were held too long, so nothing was inserted. Press the shortcut again.");
  }

  private async waitForNote(id: string, target: TargetWindow): Promise<boolean> {
    this.actions.tell('Note not ready yet', `It will be inserted into ${programLabel(target)} when it is ready, if that window is still in front and unchanged.`);
    if (await this.actions.whenReady(id, READY_WAIT_MS)) return true;
    this.actions.tell('Note not inserted', 'The note did not become ready, so nothing was inserted.');
    return false;
  }

  /**
   * Copies the note, then inserts it: a paste at once where the typist can let go of the
   * shortcut's keys for it (as a plain Ctrl+V lands at its press), else once the doctor has let
   * go; typing always once they have.
   */
  private async insertNote(id: string | null, plan: Plan, before: Promise<string | null>, keysUp: Promise<boolean>): Promise<void> {
    const typed = plan.how === 'type';
    const copy = await this.actions.copy(id, { form: plan.how === 'rich' ? 'rich' : 'plain', keepEarlier: true });
    if (!copy.copied) {
      this.actions.tell('Note not inserted', copy.reason);
      return;
    }
    const copied = `The note of ${copy.which} is on the clipboard.`;
    // Read before the note can land in the field.
    const fieldBefore = await before;
    const typist = this.actions.typist();
    const atOnce = !typed && typist?.pasteWhileHeld !== undefined;
    if (!atOnce && !(await keysUp)) return this.notInsertedHeld(copy);
    const hooked = this.hook.begin();
    try {
      let inserted: boolean;
      if (!this.stillThere(plan, copied)) inserted = false;
      else if (typed) inserted = await this.typeInto(plan, copy.text, copied);
      else if (atOnce && this.pastedWhileHeld(typist)) inserted = true;
      else if (!(await keysUp)) return await this.notInsertedHeld(copy);
      // After waiting for the keys, the window is asked once more.
      else inserted = (!atOnce || this.stillThere(plan, copied)) && this.paste(copied);
      if (!inserted) return;
      if (!typed) await this.clock.sleep(PUT_BACK_AFTER_MS);
      const landed = await this.landed(plan.target, copy.text, fieldBefore, typed ? 'type' : 'paste');
      if (landed === 'not all') return;
      if (landed === 'unseen' && !typed) await this.clock.sleep(UNSEEN_PUT_BACK_AFTER_MS - PUT_BACK_AFTER_MS);
      const problem = PUT_BACK_PROBLEM[await this.actions.putBack(copy.earlier!, copy.copy)];
      if (problem) this.actions.tell('Note inserted; clipboard not restored', problem);
    } finally {
      hooked?.end();
    }
  }

  /** Asked again right before inserting: the doctor may have moved on (another window, the next patient's chart). Said when they did. */
  private stillThere(plan: Plan, copied: string): boolean {
    const moved = targetChange(plan.target, this.focus());
    if (!moved) return true;
    this.log.info('copy: not inserted, the focus or the window changed since the press');
    this.actions.tell('Note copied, not inserted', `${moved} ${copied}`);
    return false;
  }

  private pastedWhileHeld(typist: Typist | null): boolean {
    try {
      if (!typist?.pasteWhileHeld?.()) return false;
      this.log.info('copy: the note was pasted into the program that has focus, the shortcut still held');
      return true;
    } catch (error) {
      this.log.warn(`copy: the paste keys could not be pressed at once (${(error as Error).message})`);
      return false;
    }
  }

  /** Held too long: nothing goes in, and the doctor's earlier clipboard comes back. */
  private async notInsertedHeld(copy: Extract<ShortcutCopy, { copied: true }>): Promise<void> {
    await this.actions.putBack(copy.earlier!, copy.copy);
    this.heldTooLong();
  }

  /**
   * Reads the field back after the note went in: when it holds less than the note, says what
   * was cut (or that nothing went in), and the note stays on the clipboard ('not all').
   * 'unseen': the field cannot be read here.
   */
  private async landed(target: TargetWindow | null, note: string, before: string | null, how: 'paste' | 'type'): Promise<'all' | 'not all' | 'unseen'> {
    if (!target || before === null) {
      this.log.info('copy: the field cannot be read back here, so what landed is not checked');
      return 'unseen';
    }
    let landing = landingOf(note, before, await this.readField(target));
    for (let waited = 0; (landing.kind === 'cut' || landing.kind === 'none') && waited < LANDING_SETTLE_MS; waited += LANDING_RECHECK_MS) {
      await this.clock.sleep(LANDING_RECHECK_MS);
      landing = landingOf(note, before, await this.readField(target));
    }
    this.log.info(`copy: the field read back: ${landing.kind === 'cut' ? `cut short (${landing.took} characters went in, ${Array.from(landing.left).length} did not)` : landing.kind}`);
    const problem = landingProblem(landing, how);
    if (problem) this.actions.tell(problem.title, problem.body);
    return problem ? 'not all' : 'all';
  }

  private paste(copied: string): boolean {
    try {
      const typist = this.actions.typist();
      if (typist?.paste) typist.paste();
      else this.hook.paste();
      this.log.info('copy: the note was pasted into the program that has focus');
      return true;
    } catch (error) {
      this.log.warn(`copy: the paste keys could not be pressed (${(error as Error).message})`);
      this.actions.tell('Note copied, not pasted', `${copied} It could not be pasted; paste it yourself.`);
      return false;
    }
  }

  /** Types the note; Esc, or the focus leaving the window, stops it. */
  private async typeInto(plan: Plan, text: string, copied: string): Promise<boolean> {
    const typist = this.actions.typist();
    const problem = typist ? typist.problem(text) : NO_TYPIST;
    if (!typist || problem) {
      this.actions.tell('Note copied, not typed', `${problem} ${copied}`);
      return false;
    }
    let escaped = false;
    const unlisten = this.hook.onKey({ keyDown: (code) => (escaped ||= code === ESC), keyUp: () => {} });
    let moved: string | null = null;
    const stopped = () => escaped || (moved = targetChange(plan.target, this.focus())) !== null;
    try {
      const outcome = await typeNote(text, typist, { lineBreak: plan.lineBreak, stopped, sleep: (ms) => this.clock.sleep(ms) });
      if (outcome.typed === 'all') {
        this.log.info('copy: the note was typed into the program that has focus');
        return true;
      }
      const total = Array.from(text).length;
      if (outcome.typed === 'refused') {
        this.log.warn(`copy: the OS refused the keys after ${outcome.characters} characters (${outcome.why})`);
        const typed = outcome.characters === 0 ? 'Nothing was typed.' : `Typing stopped after ${outcome.characters} of ${total} characters.`;
        this.actions.tell('Note copied, not typed', `${outcome.why} ${typed} ${copied}`);
        return false;
      }
      const why = escaped ? 'You pressed Esc' : (moved ?? 'The focus moved');
      this.log.info(`copy: typing stopped after ${outcome.characters} characters (${escaped ? 'Esc' : 'focus moved'})`);
      this.actions.tell('Typing stopped', `${why.replace(/, so nothing was inserted\.$/, '')}: typing stopped after ${outcome.characters} of ${total} characters. ${copied}`);
      return false;
    } finally {
      unlisten();
    }
  }
}
