import { JPEG_START, pngImage, WEBP_START } from '../../test/ticket-test-kit';
import { screenshotTypeOf } from './screenshot-type';

describe('the type of a screenshot, by its content', () => {
  it('knows a PNG, a JPEG and a WebP by their first bytes', () => {
    expect(screenshotTypeOf(pngImage())).toBe('image/png');
    expect(screenshotTypeOf(JPEG_START)).toBe('image/jpeg');
    expect(screenshotTypeOf(WEBP_START)).toBe('image/webp');
    const lossy = Buffer.from(WEBP_START);
    lossy.write('VP8 ', 12, 'latin1');
    expect(screenshotTypeOf(lossy)).toBe('image/webp');
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not an image')],
    ['a GIF', Buffer.from('GIF89a', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG signature alone', pngImage().subarray(0, 8)],
    ['a PNG signature with a chunk other than IHDR first', Buffer.concat([pngImage().subarray(0, 12), Buffer.from('tEXt', 'latin1')])],
    ['half a JPEG start', JPEG_START.subarray(0, 2)],
    ['a RIFF of WAVE sound', Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WAVEfmt ', 'latin1')])],
    ['a RIFF of WEBP with an unknown chunk', Buffer.concat([WEBP_START.subarray(0, 12), Buffer.from('EXIF', 'latin1')])],
  ])('knows no screenshot in %s', (_name, bytes) => {
    expect(screenshotTypeOf(bytes)).toBeNull();
  });
});
