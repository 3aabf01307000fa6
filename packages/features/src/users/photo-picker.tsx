import { Avatar, Button, FileDropzone } from '@socio/ui';
import { useEffect, useId, useState } from 'react';
import { usersMessages as m } from './messages.es';
import { validatePhoto } from './users.model';

/** Any image passes the drop area; `validatePhoto` then applies the JPG/PNG/GIF and 5 MB rules. */
const IMAGE_ACCEPT = { 'image/*': [] };

export interface PhotoPickerProps {
  /** Photo upload is 'temporalmente deshabilitada' in the product: the area is shown disabled. */
  enabled?: boolean;
  /** Name used for the preview's initials. */
  name?: string;
}

/**
 * Optional photo area of the add-user form: preview, picker, type and size rules. Disabled (as in
 * the product) it is a single compact row: the preview, the disabled picker button and the note.
 */
export function PhotoPicker({ enabled = false, name }: PhotoPickerProps) {
  return enabled ? <EnabledPhotoPicker name={name} /> : <DisabledPhotoPicker name={name} />;
}

function DisabledPhotoPicker({ name }: { name?: string | undefined }) {
  const noteId = useId();
  return (
    <fieldset data-slot="photo-picker" data-state="disabled" className="grid gap-2">
      <legend className="mb-1 font-medium text-ink text-sm">{m.photoLabel}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Avatar name={name || undefined} decorative />
        <Button variant="outline" size="sm" disabled aria-describedby={noteId}>
          {m.photoPick}
        </Button>
        <p id={noteId} className="min-w-0 flex-1 basis-48 text-ink-muted text-sm">
          {m.photoDisabled}
        </p>
      </div>
    </fieldset>
  );
}

function EnabledPhotoPicker({ name }: { name?: string | undefined }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const pick = (file: File) => {
    const problem = validatePhoto(file);
    if (problem) {
      setError(problem === 'too-large' ? m.photoTooLarge : m.photoInvalidType);
      setPreview(null);
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
  };

  return (
    <fieldset data-slot="photo-picker" className="grid gap-2">
      <legend className="mb-1 font-medium text-ink text-sm">{m.photoLabel}</legend>
      <div className="flex items-center gap-4">
        <Avatar
          size="lg"
          name={preview ? m.photoPreviewAlt : name || undefined}
          src={preview}
          decorative={!preview}
        />
        <FileDropzone
          className="flex-1"
          accept={IMAGE_ACCEPT}
          onFile={pick}
          rejectionMessage={m.photoInvalidType}
          instructions={m.photoDrop}
          hint={m.photoHint}
          error={error}
        />
      </div>
    </fieldset>
  );
}
