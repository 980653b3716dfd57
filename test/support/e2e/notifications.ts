/**
 * What the app shows the doctor as notifications, as main hands them to Electron. The test
 * display has no notification server, so Electron's Notification is replaced in main by one
 * that records title and body (the only mock here: what the OS would draw cannot exist here).
 */
import type { ElectronApplication } from '@playwright/test';

export interface Shown {
  title: string;
  body: string;
}

export async function recordNotifications(app: ElectronApplication): Promise<void> {
  await app.evaluate(({ Notification }) => {
    const shown: Array<{ title: string; body: string }> = [];
    (globalThis as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    Notification.isSupported = () => true;
    Notification.prototype.show = function show(this: { title: string; body: string }) {
      shown.push({ title: this.title, body: this.body });
    };
  });
}

export function notificationsOf(app: ElectronApplication): Promise<Shown[]> {
  return app.evaluate(() => (globalThis as unknown as { shownNotifications?: Shown[] }).shownNotifications ?? []);
}
