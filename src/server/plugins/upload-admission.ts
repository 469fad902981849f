import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { actorOf } from './authentication';

type Caps = {
  /** Uploads being received at once by this process. */
  total: number;
  /** …by one organization (no cap of its own when left out). */
  perOrganization?: number;
  /**
   * Places beyond `total` kept for organizations with nothing in flight (with `perOrganization`):
   * when the shared places are all held, an organization's first upload still gets one of these.
   */
  reservedForIdleOrganizations?: number;
  /** …by one person. */
  perUser: number;
};

/**
 * The hooks of an upload route that refuse, when the request arrives and before a byte of its body
 * is read, anything but `mediaType` (one, or a list) (`wrongType` says what to send) and uploads beyond the caps
 * (`busy` says so, with a retry in 5 s). The route must be for signed-in people (actorOf). A place
 * is held until the answer is sent or the client gives up. Organizations that hold the shared
 * places never keep out one that has no upload in flight: it takes a reserved place, so filling
 * every place takes as many organizations as there are reserved ones, each keeping its body
 * coming (the received-file parser cuts one that trickles).
 */
export function uploadAdmission(options: {
  mediaType: string | readonly string[];
  wrongType: string;
  busy: string;
  caps: Caps;
}) {
  const { wrongType, busy, caps } = options;
  const mediaTypes: readonly string[] =
    typeof options.mediaType === 'string' ? [options.mediaType] : options.mediaType;
  const inFlight = new Map<string, { user: string; organization: string; reserved: boolean }>();
  const release = async (request: { id: string }) => {
    inFlight.delete(request.id);
  };
  const admit = async (request: FastifyRequest) => {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    if (!type || !mediaTypes.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', wrongType);
    const { userId: user, organizationId: organization } = actorOf(request);
    const uploading = [...inFlight.values()];
    const fromUser = uploading.filter((upload) => upload.user === user).length;
    const fromOrganization = uploading.filter((upload) => upload.organization === organization).length;
    const reserved = uploading.filter((upload) => upload.reserved).length;
    if (
      fromUser >= caps.perUser ||
      (caps.perOrganization !== undefined && fromOrganization >= caps.perOrganization)
    ) {
      throw new AppError('RATE_LIMITED', busy, undefined, 5);
    }
    if (uploading.length - reserved < caps.total) {
      inFlight.set(request.id, { user, organization, reserved: false });
      return;
    }
    if (
      caps.perOrganization !== undefined &&
      fromOrganization === 0 &&
      reserved < (caps.reservedForIdleOrganizations ?? 0)
    ) {
      inFlight.set(request.id, { user, organization, reserved: true });
      return;
    }
    throw new AppError('RATE_LIMITED', busy, undefined, 5);
  };
  return { onRequest: admit, onResponse: release, onRequestAbort: release };
}
