import { Captions, FileUp, ImageUp, Video } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, type UploadKind } from '#shared/schemas/uploads';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, getStoredToken, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { Button, type ButtonProps } from './ui/button';
import { Spinner } from './ui/spinner';

export interface UploadResult {
  uploadURL: string;
}

interface UploadButtonProps {
  accept?: UploadKind;
  /** Bytes; 5 MB unless given (docs/product.md, Files and uploads). Pass VIDEO_MAX_BYTES for slide videos. */
  maxFileSize?: number;
  /**
   * Receives the address the file now sits at. The button stays busy until a returned promise
   * settles, and reports its failure like an upload failure.
   */
  onComplete: (result: UploadResult) => void | Promise<void>;
  /** Told when an upload starts and ends, e.g. so a form waits for its thumbnail before saving. */
  onBusyChange?: (isBusy: boolean) => void;
  /** Button text when idle; defaults to "Upload Image", "Upload Video" or "Upload Notebook". */
  children?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  disabled?: boolean;
}

const BYTES_PER_MB = 1024 * 1024;

/** Browsers can't filter by magic bytes, so the picker hint is a convenience and the type is checked again. */
const PICKER_FILTER: Record<UploadKind, string> = {
  image: 'image/*',
  video: 'video/mp4,video/webm,video/quicktime',
  notebook: '.ipynb,application/x-ipynb+json',
  captions: '.vtt,text/vtt',
};

/** What the button says and refuses, per kind. */
const ICONS = { image: ImageUp, video: Video, notebook: FileUp, captions: Captions } as const;
function labelOf(kind: UploadKind): string {
  switch (kind) {
    case 'image':
      return t('shell.uploadImage');
    case 'video':
      return t('shell.uploadVideo');
    case 'notebook':
      return t('shell.uploadNotebook');
    case 'captions':
      return t('shell.uploadCaptions');
  }
}
function wrongTypeOf(kind: UploadKind): string {
  switch (kind) {
    // The product's fixed words, "a(n)" included.
    case 'image':
      return t('shell.wrongTypeImage');
    case 'video':
      return t('shell.wrongTypeVideo');
    case 'notebook':
      return t('shell.wrongTypeNotebook');
    case 'captions':
      return t('shell.wrongTypeCaptions');
  }
}

/** Browsers give a notebook or captions file no reliable media type (often none): its name says what it is. */
const NAMED_TYPES: Partial<Record<UploadKind, { name: RegExp; type: string }>> = {
  notebook: { name: /\.ipynb$/i, type: 'application/x-ipynb+json' },
  captions: { name: /\.vtt$/i, type: 'text/vtt' },
};

function isOfKind(file: File, kind: UploadKind): boolean {
  const named = NAMED_TYPES[kind];
  return named ? named.name.test(file.name) : file.type.startsWith(`${kind}/`);
}

/** The Content-Type the upload is sent with: a notebook's or captions' own, whatever the browser guessed. */
function mediaType(file: File, kind: UploadKind): string {
  return NAMED_TYPES[kind]?.type ?? file.type;
}

/** A failed PUT; the server's reason is kept for the notice. */
class UploadPutError extends Error {
  readonly reason: string | null;

  constructor(reason: string | null) {
    super('Failed to upload file');
    this.name = 'UploadPutError';
    this.reason = reason;
  }
}

async function readReason(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (e.g. an S3 XML error): the generic message stands.
  }
  return null;
}

function isOwnOrigin(address: string): boolean {
  return new URL(address, window.location.href).origin === window.location.origin;
}

/** docs/product.md, Files and uploads: ask for a one-time address, then PUT the raw bytes to it. */
async function uploadFile(file: File, kind: UploadKind): Promise<UploadResult> {
  const { uploadURL } = await apiJson<UploadResult>('POST', '/api/objects/upload', { kind });
  const headers: Record<string, string> = { 'Content-Type': mediaType(file, kind) };
  const token = getStoredToken();
  // The token never travels to a storage host of someone else (an S3 presigned address).
  if (token && isOwnOrigin(uploadURL)) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(uploadURL, { method: 'PUT', body: file, headers });
  if (!response.ok) throw new UploadPutError(await readReason(response));
  return { uploadURL };
}

function failureDescription(error: unknown): string {
  if (error instanceof UploadPutError)
    return error.reason ? t('shell.uploadFailedBecause', { reason: error.reason }) : t('shell.uploadFileFailed');
  if (isApiError(error)) return getErrorMessage(error, t('shell.uploadFileFailed'));
  return error instanceof Error && error.message ? error.message : t('shell.uploadFileFailed');
}

/** Idle or uploading; checks kind and size before anything leaves the browser (docs/product.md, Files and uploads). */
export function UploadButton({
  accept = 'image',
  maxFileSize = IMAGE_MAX_BYTES,
  onComplete,
  onBusyChange,
  children,
  variant = 'outline',
  size,
  className,
  disabled = false,
}: UploadButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);
  const Icon = ICONS[accept];
  const label = children ?? labelOf(accept);

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      if (!isOfKind(file, accept)) {
        toast({ variant: 'destructive', title: t('shell.invalidFileType'), description: wrongTypeOf(accept) });
        return;
      }
      if (file.size > maxFileSize) {
        toast({
          variant: 'destructive',
          title: t('shell.fileTooLarge'),
          description: t('shell.fileTooLargeDetail', { megabytes: Math.round(maxFileSize / BYTES_PER_MB) }),
        });
        return;
      }
      setUploading(true);
      onBusyChange?.(true);
      await onComplete(await uploadFile(file, accept));
      toast({ variant: 'success', title: t('shell.uploadSuccessful'), description: t('shell.fileUploaded') });
    } catch (error) {
      console.error('Upload failed', error);
      toast({ variant: 'destructive', title: t('shell.uploadFailed'), description: failureDescription(error) });
    } finally {
      // The same file can be picked again after a failure or a removal.
      input.value = '';
      setUploading(false);
      onBusyChange?.(false);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={PICKER_FILTER[accept]}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`upload-input-${accept}`}
        onChange={handleChange}
      />
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={disabled || isUploading}
        aria-busy={isUploading || undefined}
        onClick={() => inputRef.current?.click()}
      >
        {isUploading ? <Spinner /> : <Icon aria-hidden="true" />}
        {isUploading ? t('shell.uploading') : label}
      </Button>
    </>
  );
}
