/** Up to two letters for the avatar: first and last word of the name, else the e-mail's start. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toUpperCase();
  return email.trim().charAt(0).toUpperCase() || '?';
}
