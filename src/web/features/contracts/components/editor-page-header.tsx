import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';

/** The editor's heading with Back, and (while it may be edited) Save and Send for Signing. */
export function EditorPageHeader({
  heading,
  template,
  editable,
  canSave,
  canSend,
  sendBlockedBy,
  saving,
  sending,
  onSave,
  onSend,
}: {
  heading: string;
  template: boolean;
  editable: boolean;
  canSave: boolean;
  canSend: boolean;
  /** Why the contract cannot be sent yet (an approval it waits for), shown under the button. */
  sendBlockedBy?: string | null;
  saving: boolean;
  sending: boolean;
  onSave: () => void;
  onSend: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <Button
          variant="ghost"
          size="sm"
          // Opened directly (no earlier page in this tab): back means the dashboard (or the templates).
          onClick={() =>
            location.key === 'default' ? navigate(template ? '/templates' : '/dashboard') : navigate(-1)
          }
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      </div>
      {editable && (
        <div className="flex flex-col gap-2 sm:items-end">
          <div className="flex gap-3">
            <Button variant="secondary" disabled={!canSave} loading={saving} onClick={onSave}>
              {template ? 'Save Template' : 'Save Draft'}
            </Button>
            {!template && (
              <Button
                disabled={!canSend || Boolean(sendBlockedBy)}
                loading={sending}
                onClick={onSend}
                aria-describedby={sendBlockedBy ? 'send-blocked-by' : undefined}
              >
                Send for Signing
              </Button>
            )}
          </div>
          {!template && sendBlockedBy && (
            <p id="send-blocked-by" className="max-w-sm text-sm text-amber-800 sm:text-right">
              {sendBlockedBy}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
