/** Name of the file a build writes beside its output, listing its inputs and their hashes. */
export declare const STAMP_FILE: string;
/** Records the inputs (absolute paths) of the build written to `outputDir`. */
export declare function writeBuildStamp(outputDir: string, repoRoot: string, files: Iterable<string>): void;
/** Why the build in `outputDir` must be redone, or null when it is current. */
export declare function staleReason(outputDir: string, repoRoot: string, builtFile: string): string | null;
