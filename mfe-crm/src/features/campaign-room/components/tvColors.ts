/** A TV across the room: dark background, light large type, one accent colour. */
export const TV_COLORS = { background: '#0b1220', panel: '#16213a', text: '#f1f5f9', muted: '#94a3b8', accent: '#facc15' };
