/** Case- and accent-insensitive comparison key for the screens' searches ('Pérez' → 'perez'). */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-MX');
}
