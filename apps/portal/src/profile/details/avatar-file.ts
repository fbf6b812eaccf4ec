import { IMAGE_MAX_BYTES, PROFILE_TEXTS, isAcceptedImageType } from '@portico/contracts';

/**
 * Checks a chosen avatar before it is sent (section 5: png, gif, jpeg). The browser's type comes
 * from the file name, so the server sniffs the bytes again; this only spares a useless upload.
 */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!isAcceptedImageType(file.type)) return PROFILE_TEXTS.avatarWrongType;
  if (file.size > IMAGE_MAX_BYTES) return PROFILE_TEXTS.avatarTooLarge;
  return undefined;
}

/** The multipart form of profile.uploadAvatar: the file under `profile`, its name as `fname`. */
export function avatarForm(file: File): FormData {
  const form = new FormData();
  form.append('profile', file);
  form.append('fname', file.name);
  return form;
}
