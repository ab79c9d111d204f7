export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#16203a" />
        <g fill="#f97316">
          <rect x="6" y="6" width="6" height="6" rx="1" />
          <rect x="13" y="6" width="6" height="6" rx="1" opacity=".45" />
          <rect x="20" y="6" width="6" height="6" rx="1" />
          <rect x="6" y="13" width="6" height="6" rx="1" opacity=".45" />
          <rect x="13" y="13" width="6" height="6" rx="1" />
          <rect x="20" y="13" width="6" height="6" rx="1" opacity=".45" />
          <rect x="6" y="20" width="6" height="6" rx="1" />
          <rect x="13" y="20" width="6" height="6" rx="1" opacity=".45" />
          <rect x="20" y="20" width="6" height="6" rx="1" />
        </g>
      </svg>
      <span className="text-lg font-black tracking-tight text-white">
        Fan<span className="text-brand-400">Grid</span>
      </span>
    </span>
  );
}
