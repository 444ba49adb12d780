/** The folder of a remote's build holding the types of what it exposes: `dist/@mf-types/`. */
export declare const TYPES_FOLDER: string;
export declare const REPOSITORY_ROOT: string;
/** `{ name, exposes }` of the remote in `packageDir` (its `federation.cjs`). */
export declare function federationOf(packageDir: string): { name: string; exposes: Record<string, string> };
export declare function typesDirOf(packageDir: string): string;
/** Why the published types of the remote in `packageDir` must be made again, or null when they are current. */
export declare function typesStaleReason(packageDir: string): string | null;
/** Writes the published types of the remote in `packageDir` anew. */
export declare function emitTypes(packageDir: string): void;
/** Writes them when stale; says what it did. */
export declare function ensurePublishedTypes(packageDir: string): { packageName: string; written: boolean; reason: string; seconds?: number };
