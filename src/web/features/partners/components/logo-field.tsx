import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { logoAccept, logoFileProblem, logoMessages } from '../../../../shared/domain/partners';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { uploadLogo } from '../api';

/** The same-origin path of a logo FanGrid stored (/uploads/<uuid>.<ext>), which may be previewed. */
function uploadedPath(url: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    const stored = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg|gif|webp|svg)$/.test(parsed.pathname);
    return parsed.origin === window.location.origin && stored ? parsed.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Brand Identity logo: drop one file on the zone or pick it ('Drop the logo here...' while
 * dragging, 'Uploading logo...' while it uploads), then a preview with a remove button; or a logo URL typed
 * by hand. The URL field holds whichever was chosen last; removing clears it. Without `urlInputId` there is no
 * URL field: only an uploaded logo (an organization's), kept as its same-origin path, whose problem shows under
 * the upload.
 */
export function LogoField(props: {
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  urlInputId?: string;
}) {
  const { value, onChange } = props;
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const hintId = useId();
  const preview = uploadedPath(value);

  const upload = async (files: FileList | null) => {
    if (uploading) return;
    if (!files || files.length === 0) return;
    if (files.length > 1) {
      setFailure(logoMessages.oneFile);
      return;
    }
    const [file] = files;
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    setFailure(undefined);
    setUploading(true);
    try {
      const stored = await uploadLogo(file);
      onChange(props.urlInputId === undefined ? stored.path : stored.url);
    } catch (err) {
      setFailure(err instanceof ApiClientError ? err.message : null);
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const onDrag = (e: DragEvent<HTMLElement>, over: boolean) => {
    e.preventDefault();
    e.stopPropagation();
    if (!over && e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    setDragging(over && !uploading);
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    void upload(e.dataTransfer.files);
  };

  const remove = () => {
    onChange('');
    setFailure(undefined);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-200">Logo</legend>
      {preview ? (
        <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-ink-600 bg-ink-900 p-4">
          <img
            src={preview}
            alt="Uploaded logo preview"
            className="size-24 rounded-xl bg-white/95 object-contain p-2"
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-200">Logo uploaded.</p>
            <Button variant="outline" size="sm" onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" /> Remove logo
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={fileInputId}
          onDragEnter={(e) => onDrag(e, true)}
          onDragOver={(e) => onDrag(e, true)}
          onDragLeave={(e) => onDrag(e, false)}
          onDrop={onDrop}
          data-testid="logo-drop-zone"
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-6 text-center transition-colors',
            'focus-within:border-brand-400 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-400',
            dragging ? 'border-brand-400 bg-brand-500/10' : 'border-ink-600 bg-ink-900 hover:border-brand-400/60',
            uploading && 'cursor-wait opacity-80',
          )}
        >
          <input
            ref={inputRef}
            id={fileInputId}
            type="file"
            accept={logoAccept}
            className="sr-only"
            aria-label="Logo file"
            aria-describedby={hintId}
            disabled={uploading}
            onChange={(e: ChangeEvent<HTMLInputElement>) => void upload(e.target.files)}
          />
          <ImageUp aria-hidden="true" className="size-8 text-brand-300" />
          <span role="status" className="font-semibold text-white">
            {uploading ? logoMessages.uploading : dragging ? logoMessages.dropHere : 'Drag and drop your logo here'}
          </span>
          {!uploading && !dragging && <span className="text-sm text-slate-300">or click to choose a file</span>}
          <span id={hintId} className="text-xs text-slate-400">
            One JPEG, PNG, GIF, WEBP or SVG file, up to 5 MB.
          </span>
        </label>
      )}
      {failure !== undefined && (
        <div role="alert" className="rounded-xl border border-red-400/50 bg-red-950/50 p-3 text-sm text-red-100">
          <p className="font-semibold">{logoMessages.failed}</p>
          {failure && <p className="mt-1">{failure}</p>}
        </div>
      )}
      {props.urlInputId === undefined ? (
        props.error && <p className="text-sm text-red-300">{props.error}</p>
      ) : (
        <Input
          id={props.urlInputId}
          label="Logo URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setFailure(undefined);
          }}
          error={props.error}
          hint="Filled in when you upload a logo, or paste a link to your logo that starts with https://"
        />
      )}
    </fieldset>
  );
}
