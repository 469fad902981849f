import * as Dialog from '@radix-ui/react-dialog';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { type TourStep, tourSteps } from './tour-steps';

const TourContext = createContext<() => void>(() => undefined);

/** Starts the guided tour (the dashboard's 'Take a Tour'). */
export function useStartTour(): () => void {
  return useContext(TourContext);
}

function visibleTarget(step: TourStep): HTMLElement | null {
  const element = document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 ? element : null;
}

/** Steps whose element is not shown at this screen size (the sidebar on a phone) are left out. */
function stepsForScreen(): TourStep[] {
  return tourSteps.filter(
    (step) => !(step.target === 'sidebar' && window.matchMedia('(max-width: 1023px)').matches),
  );
}

export function TourProvider({ children }: { children: ReactNode }) {
  const [steps, setSteps] = useState<TourStep[] | null>(null);
  const [index, setIndex] = useState(0);
  const start = useCallback(() => {
    setSteps(stepsForScreen());
    setIndex(0);
  }, []);
  return (
    <TourContext.Provider value={start}>
      {children}
      {steps && <TourOverlay steps={steps} index={index} onIndex={setIndex} onClose={() => setSteps(null)} />}
    </TourContext.Provider>
  );
}

function TourOverlay({
  steps,
  index,
  onIndex,
  onClose,
}: {
  steps: TourStep[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const step = steps[index] as TourStep;
  const navigate = useNavigate();
  const location = useLocation();
  const [rect, setRect] = useState<DOMRect | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (location.pathname !== step.path) navigate(step.path);
  }, [location.pathname, navigate, step.path]);

  // Find the step's element once its page has rendered it, and follow it on scroll and resize.
  useLayoutEffect(() => {
    setRect(null);
    let frame = 0;
    let found: HTMLElement | null = null;
    const measure = () => {
      found ??= visibleTarget(step);
      if (found) setRect(found.getBoundingClientRect());
      else frame = requestAnimationFrame(measure);
    };
    const onScroll = () => found && setRect(found.getBoundingClientRect());
    measure();
    const scrollWhenFound = window.setTimeout(() => found?.scrollIntoView({ block: 'nearest' }), 50);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(scrollWhenFound);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the card at every step
  useEffect(() => {
    dialogRef.current?.focus();
  }, [index]);

  const last = index === steps.length - 1;
  const pad = 6;
  const cardWidth = Math.min(360, window.innerWidth - 24);
  // Beside a tall element (the sidebar) when there is room; otherwise below it, else above it.
  const beside =
    rect !== null && rect.height > window.innerHeight / 2 && rect.right + 24 + cardWidth < window.innerWidth;
  const below = rect ? rect.bottom + 12 + 180 < window.innerHeight : true;
  const top = !rect
    ? window.innerHeight / 3
    : beside
      ? rect.top + 24
      : below
        ? rect.bottom + pad + 12
        : Math.max(12, rect.top - pad - 12 - 180);
  const left = !rect
    ? 12
    : beside
      ? rect.right + pad + 12
      : Math.min(Math.max(12, rect.left), window.innerWidth - 12 - cardWidth);

  return (
    // A modal dialog: focus stays in the card while the tour runs and returns where it was after.
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {rect && (
          <div
            aria-hidden="true"
            className="pointer-events-none fixed z-[60] rounded-lg ring-2 ring-indigo-500 transition-all duration-200"
            style={{
              top: rect.top - pad,
              left: rect.left - pad,
              width: rect.width + pad * 2,
              height: rect.height + pad * 2,
              boxShadow: '0 0 0 9999px rgba(15, 23, 42, 0.45)',
            }}
          />
        )}
        <Dialog.Content
          ref={dialogRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            dialogRef.current?.focus();
          }}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed z-[61] w-[min(360px,calc(100vw-24px))] rounded-lg bg-white p-5 shadow-xl ring-1 ring-slate-200 outline-none"
          style={{ top, left }}
        >
          <p className="text-xs font-medium text-indigo-600">
            Step {index + 1} of {steps.length}
          </p>
          <Dialog.Title className="mt-1 text-base font-semibold text-slate-900">{step.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{step.body}</Dialog.Description>
          <div className="mt-4 flex items-center gap-2">
            <Button variant="ghost" size="sm" onClick={onClose}>
              Skip tour
            </Button>
            <div className="ml-auto flex gap-2">
              {index > 0 && (
                <Button variant="secondary" size="sm" onClick={() => onIndex(index - 1)}>
                  Back
                </Button>
              )}
              <Button size="sm" onClick={() => (last ? onClose() : onIndex(index + 1))}>
                {last ? 'Finish' : 'Next'}
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
