export interface UserAvatarProps {
  url?: string;
  name?: string;
  /** Size in px at the 375-wide design. */
  size?: number;
}

/** The user's avatar, or a drawn default when they have none (no remote images). */
export function UserAvatar({ url, name = '', size = 64 }: UserAvatarProps) {
  const rem = `${size / 37.5}rem`;
  if (url)
    return (
      <img
        className="user-avatar"
        src={url}
        alt={`${name}的头像`}
        width={size}
        height={size}
        style={{ width: rem, height: rem }}
      />
    );
  return (
    <svg
      className="user-avatar"
      viewBox="0 0 64 64"
      style={{ width: rem, height: rem }}
      role="img"
      aria-label="默认头像"
    >
      <circle cx="32" cy="32" r="32" fill="#dbe7ff" />
      <circle cx="32" cy="26" r="11" fill="#fff" />
      <path d="M12 54c3-10 11-15 20-15s17 5 20 15" fill="#fff" />
    </svg>
  );
}
