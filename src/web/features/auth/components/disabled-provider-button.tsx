import type { ComponentPropsWithRef } from 'react';
import { buttonClass } from '../../../components/ui/button';

/**
 * A provider's button when it cannot be used: aria-disabled rather than disabled, so it stays
 * focusable and keyboard users get the tooltip too. The rest of the props (and the ref) come from
 * the tooltip's trigger.
 */
export function DisabledProviderButton({
  name,
  onClick,
  ...props
}: ComponentPropsWithRef<'button'> & { name: string }) {
  return (
    <button
      {...props}
      type="button"
      aria-disabled="true"
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
      }}
      className={buttonClass('secondary', 'md', 'w-full cursor-not-allowed opacity-50')}
    >
      {name}
    </button>
  );
}
