/**
 * An example macOS configuration profile setting every policy key (with its default or an
 * example value): a payload of type care.scribedesk.app, which macOS installs as the managed
 * preferences main/settings/plist-policy.ts reads. On/off keys are <true/>/<false/>, numbers
 * <integer>, text and choices <string>, lists <array> of <string>.
 */
import { build, type PlistValue } from 'plist';
import { BUNDLE_ID } from '../../main/settings/plist-policy';
import type { PolicyKey } from '../../main/settings/policy-kinds';
import { POLICY_CATALOG, SECRET_NOTE } from './policy-catalog';

/** Fixed, so that a profile made again replaces the one installed instead of adding a second. */
const PROFILE_UUID = '6f0c2a53-4d8e-4b7a-9c1e-2b5d8f3a7e10';
const PAYLOAD_UUID = 'a41e7c9d-3b26-4f58-8d0a-5c7e9b1f2d34';

export function renderMobileconfig(keys: readonly PolicyKey[]): string {
  const settings = Object.fromEntries(keys.map((key) => [key.name, POLICY_CATALOG[key.name].example as PlistValue]));
  const secrets = keys.filter((key) => key.secret).map((key) => key.name);
  const description = [
    'Example: keep only the keys you want to fix for the users of this Mac, with your own values; every key it sets is locked in Scribe Desk.',
    `${secrets.join(', ')}: ${SECRET_NOTE.macos}`,
  ].join(' ');
  return build({
    PayloadContent: [
      {
        PayloadDisplayName: 'Scribe Desk settings',
        PayloadIdentifier: `${BUNDLE_ID}.policy.${PAYLOAD_UUID}`,
        PayloadType: BUNDLE_ID,
        PayloadUUID: PAYLOAD_UUID,
        PayloadVersion: 1,
        ...settings,
      },
    ],
    PayloadDescription: description,
    PayloadDisplayName: 'Scribe Desk policy',
    PayloadIdentifier: `${BUNDLE_ID}.profile`,
    PayloadScope: 'System',
    PayloadType: 'Configuration',
    PayloadUUID: PROFILE_UUID,
    PayloadVersion: 1,
    // macOS
    TargetDeviceType: 5,
  });
}
