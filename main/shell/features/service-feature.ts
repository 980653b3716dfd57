/**
 * The service, assembled: which one (the sandbox or a real one), how the app signs in, what
 * the outboxes learned about it (health), whether it offers transcription sessions, the
 * client, and the sign-in and transcription-choices handlers. Follows the settings by itself.
 */
import type { OperationHandlers } from '../../../contract/operation-handlers';
import { serviceBaseUrl, type Settings } from '../../../contract/settings';
import { ServiceClient } from '../../api/service-client';
import { ServiceError } from '../../api/service-error';
import type { Clock } from '../../core/clock';
import { Emitter } from '../../core/emitter';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { SecretVault } from '../../settings/secret-vault';
import type { SettingsService } from '../../settings/settings-service';
import { vaultGrantStore } from '../../service/grant-store';
import { ServiceConnection } from '../../service/service-connection';
import { ServiceHealth } from '../../service/service-health';
import { SessionsOffer } from '../../service/sessions-offer';
import { transcriptionChoices } from '../../service/transcription-choices';
import type { OfferedChoices } from '../../service/offered-choices';

export interface ServiceFeatureDeps {
  settings: SettingsService;
  vault: SecretVault;
  /** What each service last offered (languages, models, templates), offered again while it cannot be asked. */
  offered: OfferedChoices;
  clock: Clock;
}

/** The service spoken to: another one means what was learned about it no longer holds. */
const addressOf = (settings: Settings) => `${settings.service} ${serviceBaseUrl(settings) ?? ''}`;

/** What the service feature builds first, which the wiring below works on. */
interface ServiceBasics {
  health: ServiceHealth;
  connection: ServiceConnection;
  client: ServiceClient;
  sessionsOffer: SessionsOffer;
  /** Tells the listeners of a change of the sign-in or of what was learned about the service. */
  changed(): void;
  /** Tells the outboxes that sending may start again. */
  resume(): void;
  /** Settled once start-up's first moments are over (features.ts): the page's questions to the service wait for it. */
  answering: Promise<void>;
}

/**
 * A sign-in that cannot work is said at once, before anything waits on it: a real service
 * with no way to sign in (a secret kept only in memory is gone after a restart), or a
 * sign-in the service refused. Sending holds until Settings mend it.
 */
function checkSignIn({ settings, vault }: ServiceFeatureDeps, { connection, health }: ServiceBasics): void {
  const current = settings.current();
  if (current.service === 'sandbox') return;
  const auth = connection.authStatus();
  if (auth.state === 'failed' && auth.problem) {
    health.signInRefused(auth.problem);
  } else if (auth.method === 'none') {
    const lost = current.clientId !== '' && !vault.protection().persisted;
    const elsewhere = settings.secretEnteredFor('clientSecret');
    health.signInRefused(
      elsewhere
        ? `The client secret saved here was entered for another service (${elsewhere}), so it is never sent to this one. Enter the client id and client secret for this service in Settings → Sign-in.`
        : lost
          ? 'The client secret was kept only until the app closed, because this computer has no system keyring to protect it. Enter it again in Settings → Sign-in.'
          : 'The app has no way to sign in to the service. Enter the client id and client secret in Settings → Sign-in.',
    );
  }
}

/** Asks the service something cheap once it is chosen, so that the status can say it was reached ("Online") before anything is sent. */
function greet({ client, health }: ServiceBasics): void {
  if (health.current().reached) return;
  client.reach(AbortSignal.timeout(15_000)).then(
    () => health.answered(),
    () => undefined,
  );
}

/** Signs in if it must, then says a sign-in that cannot work (checkSignIn). */
async function signInIfNeeded(deps: ServiceFeatureDeps, basics: ServiceBasics): Promise<void> {
  await basics.connection.signInIfNeeded();
  checkSignIn(deps, basics);
  basics.changed();
}

/** Settings changed: what was learned of another service is forgotten, holds are looked at again, and the app signs in anew. */
function followSettings(deps: ServiceFeatureDeps, basics: ServiceBasics): void {
  const { settings } = deps;
  const { health, connection, client, sessionsOffer } = basics;
  let address = addressOf(settings.current());
  settings.onChange(() => {
    if (addressOf(settings.current()) !== address) {
      address = addressOf(settings.current());
      sessionsOffer.reset();
      client.discovery.forget();
      health.serviceChanged();
    }
    health.policyHold(settings.policyHold());
    health.credentialsChanged();
    void connection.apply().then(() => {
      basics.resume();
      basics.changed();
      greet(basics);
      void signInIfNeeded(deps, basics);
    });
  });
}

/** Sign-in from the page (with the credentials it saves, or again with the stored ones), and the transcription choices the service offers. */
function serviceHandlers(
  { settings, offered, clock }: ServiceFeatureDeps,
  { health, connection, client, sessionsOffer, changed, resume, answering }: ServiceBasics,
): Pick<OperationHandlers, 'signIn' | 'signInAgain' | 'getTranscriptionChoices'> {
  /** Signs in with the stored credentials now; a success lifts a sign-in hold, a failure shows in the sign-in status. */
  const signInNow = async () => {
    await connection.apply();
    try {
      await connection.signInAgain();
      health.credentialsChanged();
      resume();
    } catch (error) {
      log.warn(`auth: sign-in attempt failed (${(error as { kind?: string }).kind ?? 'error'})`);
    }
    changed();
  };

  return {
    // The service chosen on the screen is saved with the credentials before anything is signed in to.
    signIn: async ({ clientId, clientSecret, service }) => {
      const view = settings.saveCredentials(clientId, clientSecret, service);
      await signInNow();
      return view;
    },
    signInAgain: async () => {
      await signInNow();
      return connection.authStatus();
    },
    getTranscriptionChoices: async () => {
      // Asked by the page as it opens: the HTTP client loads once start-up's first moments are over.
      await answering;
      const service = addressOf(settings.current());
      const choices = await transcriptionChoices(client, sessionsOffer.state(), clock, { last: offered.recall(service) });
      offered.remember(service, choices);
      // The service answered both questions: the status may say it was reached ("Online"), before anything is sent.
      if (choices.problem === null) health.answered();
      return choices;
    },
  };
}

export function createServiceFeature(deps: ServiceFeatureDeps) {
  const { settings } = deps;
  const changes = new Emitter();
  const changed = () => changes.emit();
  /** Sending may start again (new credentials, a successful sign-in): the outboxes look now. */
  const resumes = new Emitter();
  const resume = () => resumes.emit();

  const health = new ServiceHealth();
  health.policyHold(settings.policyHold());
  health.onChange(changed);
  const connection = new ServiceConnection(settings, {
    grantStore: (owner) => vaultGrantStore(deps.vault, owner),
    onAuthChange: changed,
    onProblem: (message) => log.error(`service: ${message}`),
    clock: deps.clock,
  });
  const client = new ServiceClient(async () => {
    // Registration asks the service directly, not through an outbox: it holds here too.
    const hold = settings.policyHold();
    if (hold) throw new ServiceError('configuration', hold);
    await connection.ready();
    return connection.config();
  }, deps.clock);
  let startAnswering = () => {};
  const answering = new Promise<void>((resolve) => (startAnswering = resolve));
  const basics: ServiceBasics = { health, connection, client, sessionsOffer: new SessionsOffer(), changed, resume, answering };
  followSettings(deps, basics);

  return {
    client,
    health,
    connection,
    /** Whether the service in use offers transcription sessions; reset when the settings name another service. */
    sessionsOffer: basics.sessionsOffer,
    handlers: serviceHandlers(deps, basics),
    /** Hears of a change of the sign-in or of what was learned about the service; returns the disposer. */
    onChange(listener: () => void): () => void {
      return changes.on(listener);
    },
    /** Hears when sending may start again; returns the disposer. */
    onResume(listener: () => void): () => void {
      return resumes.on(listener);
    },
    /** The page's questions to the service are asked from now on (before, they wait). */
    startAnswering,
    start(): void {
      // Started once start-up's first moments are over (features.ts), so the HTTP client loads off Record's path.
      void connection.ready().then(() => {
        greet(basics);
        return signInIfNeeded(deps, basics);
      });
    },
    async stop(): Promise<void> {
      await client.close();
      await connection.stop();
    },
  } satisfies Feature;
}

export type ServiceFeature = ReturnType<typeof createServiceFeature>;
