/** Where controls are on the screen, to show that nothing moves under the pointer when a message comes. */
import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

/** Each control's box on the screen, rounded to the pixel. */
export async function boxesOf(controls: Locator[]): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const control of controls) {
    const box = await control.boundingBox();
    if (!box) throw new Error(`${control.toString()} is not on the screen`);
    boxes.push({ x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) });
  }
  return boxes;
}

/** Runs `speak` (which waits until its message shows), and expects every control where it was before. */
export async function expectStill(controls: Locator[], speak: () => Promise<void>): Promise<void> {
  const before = await boxesOf(controls);
  await speak();
  expect(await boxesOf(controls)).toEqual(before);
}
