import type { UserRecord } from '../../core/account/profile';

function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

/** The user's photo, or their initials when they have none. */
export function Avatar({ user, size = 32 }: { user: UserRecord; size?: number }) {
  if (user.photoURL) {
    return (
      <img
        src={user.photoURL}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex items-center justify-center rounded-full bg-white font-semibold text-brand-800"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initials(user.displayName, user.email)}
    </span>
  );
}
