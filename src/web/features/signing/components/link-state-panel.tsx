import { Ban, CheckCircle2, Clock, FileX2, Hourglass, Link2Off } from 'lucide-react';
import type { SigningState } from '../../../../shared/api/signing';
import { Card } from '../../../components/ui/card';

type PanelState = Exclude<SigningState, 'ready'> | 'unknown' | 'session-ended';

const panels: Record<PanelState, { icon: typeof Ban; title: string; text: string; tone: string }> = {
  signed: {
    icon: CheckCircle2,
    title: 'You have signed this document',
    text: 'Thank you. Once everyone has signed, you will receive the sealed PDF by e-mail.',
    tone: 'text-emerald-600',
  },
  approved: {
    icon: CheckCircle2,
    title: 'You have approved this document',
    text: 'Thank you. Once everyone has acted, you will receive the sealed PDF by e-mail.',
    tone: 'text-emerald-600',
  },
  viewed: {
    icon: CheckCircle2,
    title: 'You have viewed this document',
    text: 'Your part is done. Once everyone has signed, you will receive the sealed PDF by e-mail.',
    tone: 'text-emerald-600',
  },
  rejected: {
    icon: Ban,
    title: 'You rejected this document',
    text: 'The sender has been told, with your reason. There is nothing more to do.',
    tone: 'text-slate-500',
  },
  delegated: {
    icon: Link2Off,
    title: 'You handed this document to someone else',
    text: 'This link no longer works: the person you chose has a link of their own.',
    tone: 'text-slate-500',
  },
  declined: {
    icon: Ban,
    title: 'You declined to sign this document',
    text: 'The sender has been told. There is nothing more to do.',
    tone: 'text-slate-500',
  },
  canceled: {
    icon: FileX2,
    title: 'This document was canceled',
    text: 'The sender canceled it, or another signer declined, so there is nothing to sign any more.',
    tone: 'text-slate-500',
  },
  expired: {
    icon: Clock,
    title: 'This signing link has expired',
    text: 'The document reached its expiry date. Ask the sender to send it again if it still needs your signature.',
    tone: 'text-amber-600',
  },
  waiting: {
    icon: Hourglass,
    title: 'It is not your turn yet',
    text: 'The recipients of this document act in turn. You will get an e-mail when it is yours.',
    tone: 'text-indigo-600',
  },
  unknown: {
    icon: Link2Off,
    title: 'This signing link is not valid',
    text: 'Check that you opened the whole link from your e-mail. If it still does not work, ask the sender for a new one.',
    tone: 'text-red-600',
  },
  'session-ended': {
    icon: Clock,
    title: 'Your signing session has ended',
    text: 'For your security, open the link from your e-mail again to continue.',
    tone: 'text-amber-600',
  },
};

/** The page a link shows when it cannot be signed from: which case it is, in plain words. */
export function LinkStatePanel({
  state,
  title,
  text,
  children,
}: {
  state: PanelState;
  title?: string;
  /** In place of the state's own words. */
  text?: string;
  children?: React.ReactNode;
}) {
  const panel = panels[state];
  const Icon = panel.icon;
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <Icon aria-hidden="true" className={`mx-auto size-10 ${panel.tone}`} />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{panel.title}</h1>
      {title && <p className="mt-1 text-sm font-medium text-slate-700">{title}</p>}
      <p className="mt-3 text-sm text-slate-600">{text ?? panel.text}</p>
      {children && <div className="mt-6">{children}</div>}
    </Card>
  );
}
