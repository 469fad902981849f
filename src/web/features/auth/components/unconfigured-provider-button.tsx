import * as Tooltip from '@radix-ui/react-tooltip';
import { DisabledProviderButton } from './disabled-provider-button';

/**
 * A provider this server has no client for: the disabled button, with a tooltip saying why. Loaded
 * after the sign-in screen (`login-page.tsx`), so the tooltip's code is not in its first download.
 */
export default function UnconfiguredProviderButton({ name }: { name: string }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <DisabledProviderButton name={name} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            className="rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg"
          >
            {name} sign-in is not configured on this server
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
