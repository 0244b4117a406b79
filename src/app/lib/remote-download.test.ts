import { http, HttpResponse } from 'msw';
import { toast } from './toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TACHO_REQUEST_STATUS } from '@shared/tacho/tacho-requests';
import { apiUrl, startApiServer } from '@app/test/api-server';
import { loginFixture } from '@app/test/fixtures';
import { postRemoteDownload, toastRemoteDownload } from './remote-download';
import { saveSession } from './session';

vi.mock('./toast', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const server = startApiServer();
const PATH = 'rtddata/requestMassDownload/358528110000001';
const QUEUED = 'Remote download requested for vehicle AB-123-C (IMEI 358528110000001)';
const OPEN =
  'Remote download for vehicle AB-123-C (IMEI 358528110000001) was already requested on ' +
  '01-06-2025 14:03 UTC and is still waiting for the file: not requested again';

const answers = (status: number, text: string, replayed = false) => {
  server.use(
    http.post(apiUrl(PATH), () =>
      HttpResponse.json(text, {
        status,
        headers: replayed ? { 'idempotent-replayed': 'true' } : {},
      }),
    ),
  );
};

describe('remote download requests (spec 03 §7, issue 25)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    saveSession(loginFixture({ Role: 'User' }));
  });

  it('a new request (201) is the success toast with the answer’s text', async () => {
    answers(TACHO_REQUEST_STATUS.queued, QUEUED);
    const answer = await postRemoteDownload(PATH);
    expect(answer).toEqual({ text: QUEUED, alreadyOpen: false });
    toastRemoteDownload(answer);
    expect(toast.success).toHaveBeenCalledWith(QUEUED);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('one still open (200) is a neutral toast, never the green success', async () => {
    answers(TACHO_REQUEST_STATUS.alreadyOpen, OPEN);
    const answer = await postRemoteDownload(PATH);
    expect(answer).toEqual({ text: OPEN, alreadyOpen: true });
    toastRemoteDownload(answer);
    expect(toast.info).toHaveBeenCalledWith(OPEN);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a replayed answer is told apart by its stored status as well', async () => {
    answers(TACHO_REQUEST_STATUS.alreadyOpen, OPEN, true);
    await expect(postRemoteDownload(PATH)).resolves.toEqual({ text: OPEN, alreadyOpen: true });
    answers(TACHO_REQUEST_STATUS.queued, QUEUED, true);
    await expect(postRemoteDownload(PATH)).resolves.toEqual({ text: QUEUED, alreadyOpen: false });
  });

  it('an answer that is no text is refused, not toasted', async () => {
    server.use(http.post(apiUrl(PATH), () => HttpResponse.json({ Id: 1 }, { status: 201 })));
    await expect(postRemoteDownload(PATH)).rejects.toThrow();
  });
});
