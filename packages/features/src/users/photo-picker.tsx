import { Avatar, FileDropzone } from '@socio/ui';
import { useEffect, useState } from 'react';
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

/** Optional photo area of the add-user form: preview, picker, type and size rules. */
export function PhotoPicker({ enabled = false, name }: PhotoPickerProps) {
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
          disabled={!enabled}
          rejectionMessage={m.photoInvalidType}
          instructions={enabled ? m.photoDrop : m.photoDisabled}
          hint={m.photoHint}
          error={error}
        />
      </div>
    </fieldset>
  );
}
