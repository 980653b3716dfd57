/** The navigation between screens, each with its keyboard shortcut; the arrow keys move along it. */
import { useRef } from 'react';
import { SCREENS, useNavigationStore } from '../app/navigation-store';

const isMac = navigator.userAgent.includes('Mac');

export function NavBar() {
  const screen = useNavigationStore((state) => state.screen);
  const show = useNavigationStore((state) => state.show);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    buttons.current[(index + step + SCREENS.length) % SCREENS.length]?.focus();
  };

  return (
    <nav className="nav" aria-label="Main">
      <div className="brand" aria-hidden="true">
        Scribe Desk
      </div>
      <ul>
        {SCREENS.map((item, index) => (
          <li key={item.id}>
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className="nav-item"
              aria-current={screen === item.id ? 'page' : undefined}
              aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${item.shortcut}`}
              title={`${item.label} (${isMac ? '⌘' : 'Ctrl+'}${item.shortcut})`}
              onClick={() => show(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="nav-label">{item.label}</span>
              <kbd className="nav-key" aria-hidden="true">
                {isMac ? '⌘' : 'Ctrl+'}
                {item.shortcut}
              </kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
