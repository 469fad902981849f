import { createRequire } from 'node:module';

/**
 * The font files of every Pactum PDF, shipped as npm packages (nothing is read from the system or
 * fetched at run time), by family; which scripts each covers is said in the README of this folder.
 */
const require = createRequire(import.meta.url);

export type Face = { file: string; fontWeight: 400 | 700; fontStyle: 'normal' | 'italic' };

const expo = (family: string, face: string) => require.resolve(`@expo-google-fonts/${family}/${face}`);

/** Upright faces registered for italic too: a family without italics must still resolve one. */
const uprightOnly = (regular: string, bold: string): Face[] => [
  { file: regular, fontWeight: 400, fontStyle: 'normal' },
  { file: bold, fontWeight: 700, fontStyle: 'normal' },
  { file: regular, fontWeight: 400, fontStyle: 'italic' },
  { file: bold, fontWeight: 700, fontStyle: 'italic' },
];

export const families: Record<string, () => Face[]> = {
  'Noto Sans': () => [
    { file: expo('noto-sans', '400Regular/NotoSans_400Regular.ttf'), fontWeight: 400, fontStyle: 'normal' },
    { file: expo('noto-sans', '700Bold/NotoSans_700Bold.ttf'), fontWeight: 700, fontStyle: 'normal' },
    {
      file: expo('noto-sans', '400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
      fontWeight: 400,
      fontStyle: 'italic',
    },
    {
      file: expo('noto-sans', '700Bold_Italic/NotoSans_700Bold_Italic.ttf'),
      fontWeight: 700,
      fontStyle: 'italic',
    },
  ],
  'IBM Plex Sans Arabic': () =>
    uprightOnly(
      expo('ibm-plex-sans-arabic', '400Regular/IBMPlexSansArabic_400Regular.ttf'),
      expo('ibm-plex-sans-arabic', '700Bold/IBMPlexSansArabic_700Bold.ttf'),
    ),
  'Noto Sans Hebrew': () =>
    uprightOnly(
      expo('noto-sans-hebrew', '400Regular/NotoSansHebrew_400Regular.ttf'),
      expo('noto-sans-hebrew', '700Bold/NotoSansHebrew_700Bold.ttf'),
    ),
  'Source Han Sans': () =>
    uprightOnly(
      require.resolve('node-source-han-sans/SourceHanSans-Regular.otf'),
      require.resolve('node-source-han-sans/SourceHanSans-Bold.otf'),
    ),
  'Noto Sans Mono': () =>
    uprightOnly(
      expo('noto-sans-mono', '400Regular/NotoSansMono_400Regular.ttf'),
      expo('noto-sans-mono', '700Bold/NotoSansMono_700Bold.ttf'),
    ),
};

/** Every file once, in the order of the families: what the Typst compiler is given. */
export function fontFiles(): string[] {
  return [...new Set(Object.values(families).flatMap((faces) => faces().map((face) => face.file)))];
}
