/**
 * Keyboard shortcuts as the editor's keymaps name them ('Mod-Shift-7'), shown to people the way
 * their platform writes them: in a tooltip ("Ctrl+Shift+7", "⇧⌘7") and in aria-keyshortcuts
 * ("Control+Shift+7", "Meta+Shift+7").
 */
const onApple =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

const keyNames: Record<string, string> = { Enter: 'Enter', Tab: 'Tab' };

function split(shortcut: string): { modifiers: string[]; key: string } {
  const parts = shortcut.split('-');
  const key = parts.pop() ?? '';
  return { modifiers: parts, key: keyNames[key] ?? key.toUpperCase() };
}

/** "Ctrl+Shift+7" elsewhere, "⇧⌘7" on Apple devices. */
export function shortcutLabel(shortcut: string): string {
  const { modifiers, key } = split(shortcut);
  if (onApple) {
    const symbols: Record<string, string> = { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' };
    const order = ['Ctrl', 'Alt', 'Shift', 'Mod'];
    return `${order
      .filter((name) => modifiers.includes(name))
      .map((name) => symbols[name])
      .join('')}${key}`;
  }
  const names: Record<string, string> = { Mod: 'Ctrl', Shift: 'Shift', Alt: 'Alt', Ctrl: 'Ctrl' };
  return [...modifiers.map((name) => names[name] ?? name), key].join('+');
}

/** The value of aria-keyshortcuts (the WAI-ARIA names of the keys). */
export function ariaShortcut(shortcut: string): string {
  const { modifiers, key } = split(shortcut);
  const names: Record<string, string> = {
    Mod: onApple ? 'Meta' : 'Control',
    Shift: 'Shift',
    Alt: 'Alt',
    Ctrl: 'Control',
  };
  return [...modifiers.map((name) => names[name] ?? name), key].join('+');
}

/** A button's tooltip: its name, and its shortcut when it has one. */
export function toolTitle(label: string, shortcut?: string): string {
  return shortcut ? `${label} (${shortcutLabel(shortcut)})` : label;
}
