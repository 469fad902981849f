import { ImageUp, Trash2, UserCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { type ImageType, imageTypes, maxImageBytes } from '../../../../shared/api/images';
import type { Profile } from '../../../../shared/api/profile';
import { AppError } from '../../../../shared/errors';
import { ProfileSection, SectionBody } from '../../../components/profile-section';
import { Button } from '../../../components/ui/button';
import { useRemoveAvatar, useUploadAvatar } from '../api/profile';

const isImageType = (type: string): type is ImageType => (imageTypes as readonly string[]).includes(type);

/** The file's contents in base64, without the data URL's prefix. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new AppError('INVALID_INPUT', 'The file could not be read', 'avatar'));
    reader.readAsDataURL(file);
  });
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** The picture shown in the top bar: a preview, an upload (checked here before it is sent) and remove. */
export function AvatarCard({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const failure = problem ?? [upload.error, remove.error].find((error) => error)?.message ?? null;

  const choose = async (file: File | undefined) => {
    upload.reset();
    remove.reset();
    setProblem(null);
    if (!file) return;
    if (!isImageType(file.type)) return setProblem('Choose a PNG, JPEG or WebP image.');
    if (file.size > maxImageBytes) {
      return setProblem(`The image must be at most 200 KB; this one is ${kilobytes(file.size)}.`);
    }
    try {
      upload.mutate({ type: file.type, data: await readBase64(file) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be read.');
    }
  };

  return (
    <ProfileSection
      id="profile-avatar"
      title="Avatar"
      description="The picture in the top bar. Without one, the default icon is shown."
    >
      <SectionBody className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200">
          {profile.avatarUrl ? (
            <img
              src={profile.avatarUrl}
              alt="Your avatar"
              className="size-full object-cover"
              data-testid="avatar-preview"
            />
          ) : (
            <UserCircle2
              role="img"
              aria-label="No avatar"
              className="size-16 text-slate-400"
              strokeWidth={1.25}
            />
          )}
        </div>
        <div className="min-w-0 space-y-3">
          <div className="flex flex-wrap gap-3">
            <input
              ref={input}
              id="avatar-file"
              type="file"
              accept={imageTypes.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                // The same file may be chosen again after a failure.
                event.target.value = '';
                void choose(file);
              }}
            />
            <Button
              variant="secondary"
              loading={upload.isPending}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {!upload.isPending && <ImageUp aria-hidden="true" className="size-4" />}
              {upload.isPending ? 'Uploading…' : profile.avatarUrl ? 'Change image' : 'Upload image'}
            </Button>
            {profile.avatarUrl && (
              <Button
                variant="danger"
                loading={remove.isPending}
                disabled={busy}
                onClick={() => {
                  setProblem(null);
                  upload.reset();
                  remove.mutate();
                }}
              >
                {!remove.isPending && <Trash2 aria-hidden="true" className="size-4" />}
                {remove.isPending ? 'Removing…' : 'Remove'}
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-500">
            PNG, JPEG or WebP, at most 200 KB. A square image looks best.
          </p>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
        </div>
      </SectionBody>
    </ProfileSection>
  );
}
