export const GENERATED: string;
export function generatedSource(): string;
