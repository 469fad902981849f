import { describe, expect, it } from 'vitest';
import { mostlyOver } from '../../src/server/pdf/fields-in-place';

/**
 * Which of a PDF signed first's own widgets a value placed by the sender goes into: the widget its
 * box stands on, and not one of a point or two inside it (a counterparty's, to make the value
 * unreadable on the sealed page while the certificate lists it).
 */
describe("a placed value and a signed PDF's own widget", () => {
  const placed = { x: 0.2, y: 0.3, width: 0.3, height: 0.04 };

  it('is the widget it stands on, moved or sized a little', () => {
    expect(mostlyOver(placed, placed)).toBe(true);
    expect(mostlyOver({ ...placed, x: 0.21, width: 0.31 }, placed)).toBe(true);
  });

  it('is not a tiny widget inside its box, nor a widget it only touches', () => {
    expect(mostlyOver({ x: 0.3, y: 0.31, width: 0.003, height: 0.002 }, placed)).toBe(false);
    expect(mostlyOver({ ...placed, x: 0.45 }, placed)).toBe(false);
    expect(mostlyOver({ x: 0, y: 0, width: 1, height: 1 }, placed)).toBe(false);
  });
});
