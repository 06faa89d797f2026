import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { UploadButton } from './upload-button';

const UPLOAD_URL = '/api/uploads/grant-123';
// Any picker filter is bypassed: the checks under test are the component's own.
const user = userEvent.setup({ applyAccept: false });

function renderButton(props: Partial<Parameters<typeof UploadButton>[0]> = {}) {
  const onComplete = vi.fn();
  render(
    <>
      <UploadButton onComplete={onComplete} {...props} />
      <Toaster />
    </>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { onComplete, input };
}

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' });

afterEach(() => {
  dismissToast();
  vi.restoreAllMocks();
});

describe('UploadButton', () => {
  it('refuses a file of the wrong type without calling the server', async () => {
    const { calls } = stubFetch({});
    const { onComplete, input } = renderButton();
    await user.upload(input, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select a(n) image file.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onComplete).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('asks for a video when it accepts videos', async () => {
    stubFetch({});
    const { input } = renderButton({ accept: 'video' });
    await user.upload(input, png());
    expect(await screen.findByText('Please select a video file.')).toBeInTheDocument();
  });

  it('refuses a file above the limit, naming the limit in whole megabytes', async () => {
    const { calls } = stubFetch({});
    const { input } = renderButton();
    await user.upload(input, png(5_242_881));

    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select a file smaller than 5 MB.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(input.value).toBe('');
  });

  it('rounds a custom limit to whole megabytes', async () => {
    stubFetch({});
    const { input } = renderButton({ maxFileSize: 2_500_000 });
    await user.upload(input, png(2_500_001));
    expect(await screen.findByText('Please select a file smaller than 2 MB.')).toBeInTheDocument();
  });

  it('reads Uploading... and is disabled while uploading, then reports success and clears the input', async () => {
    localStorage.setItem('token', 'tok-1');
    const { calls } = stubFetch({
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL }, delayMs: 400 },
      [`PUT ${UPLOAD_URL}`]: { body: { ok: true } },
    });
    const { onComplete, input } = renderButton({ children: 'Upload Thumbnail' });
    await user.upload(input, png());

    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect(busy).toBeDisabled();
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(screen.getByText('Your file has been uploaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Thumbnail' })).toBeEnabled();
    expect(onComplete).toHaveBeenCalledWith({ uploadURL: UPLOAD_URL });
    expect(input.value).toBe('');
    expect(calls).toEqual(['POST /api/objects/upload', `PUT ${UPLOAD_URL}`]);

    const [, putInit] = vi.mocked(fetch).mock.calls[1] ?? [];
    const headers = new Headers(putInit?.headers);
    expect(putInit?.method).toBe('PUT');
    expect(putInit?.body).toBeInstanceOf(File);
    expect(headers.get('Content-Type')).toBe('image/png');
    // Our own upload address: the bearer token goes along.
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('asks for the kind of upload it accepts', async () => {
    stubFetch({
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } },
      [`PUT ${UPLOAD_URL}`]: { body: {} },
    });
    const { input } = renderButton({ accept: 'video', maxFileSize: 104_857_600 });
    await user.upload(input, new File([new Uint8Array(16)], 'clip.mp4', { type: 'video/mp4' }));
    await screen.findByText('Upload successful');
    const [, postInit] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(JSON.parse(String(postInit?.body))).toEqual({ kind: 'video' });
  });

  it('uses only the first of several files', async () => {
    stubFetch({
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } },
      [`PUT ${UPLOAD_URL}`]: { body: {} },
    });
    const { input } = renderButton();
    input.multiple = true;
    const first = png();
    await user.upload(input, [first, new File(['x'], 'b.txt', { type: 'text/plain' })]);
    await screen.findByText('Upload successful');
    expect(vi.mocked(fetch).mock.calls[1]?.[1]?.body).toBe(first);
  });

  it('shows Upload failed with the server message when the PUT is refused, logs it and clears the input', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } },
      [`PUT ${UPLOAD_URL}`]: { status: 415, body: { message: 'The file is not a PNG, JPEG, GIF or WebP image' } },
    });
    const { onComplete, input } = renderButton();
    await user.upload(input, png());

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload file: The file is not a PNG, JPEG, GIF or WebP image')).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    expect(input.value).toBe('');
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeEnabled();
  });

  it("shows the server's message when no upload address is granted", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'POST /api/objects/upload': { status: 429, body: { message: 'Too many uploads, try again in a minute' } } });
    const { input } = renderButton();
    await user.upload(input, png());
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Too many uploads, try again in a minute')).toBeInTheDocument();
  });

  it("reports a failure of the caller's completion step as an upload failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'POST /api/objects/upload': { body: { uploadURL: UPLOAD_URL } },
      [`PUT ${UPLOAD_URL}`]: { body: {} },
    });
    const { input } = renderButton({
      onComplete: () => Promise.reject(new Error('This upload address was already used')),
    });
    await user.upload(input, png());
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('This upload address was already used')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Image' })).toBeEnabled());
  });
});
