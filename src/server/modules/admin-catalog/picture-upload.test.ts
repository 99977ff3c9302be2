import { describe, expect, it } from 'vitest';
import { videoKindOf } from './picture-upload.js';

const box = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);

describe('videoKindOf', () => {
  it('knows MP4 and QuickTime by their ftyp box', () => {
    expect(videoKindOf(box('isom'))).toBe('mp4');
    expect(videoKindOf(box('mp42'))).toBe('mp4');
    expect(videoKindOf(box('qt  '))).toBe('mov');
  });
  it('refuses audio-only brands and anything without an ftyp box', () => {
    expect(videoKindOf(box('M4A '))).toBeUndefined();
    expect(videoKindOf(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(videoKindOf(Buffer.alloc(4))).toBeUndefined();
  });
});
