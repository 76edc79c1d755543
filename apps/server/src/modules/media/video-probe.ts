import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Reads an MP4/MOV duration from its movie header box ('mvhd') without decoding anything. */
export async function mp4DurationSeconds(filePath: string): Promise<number | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    // Walk top-level boxes to 'moov', then its children to 'mvhd'.
    const readBox = async (offset: number) => {
      const head = Buffer.alloc(16);
      await handle.read(head, 0, 16, offset);
      let boxSize = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let headerSize = 8;
      if (boxSize === 1) {
        boxSize = Number(head.readBigUInt64BE(8));
        headerSize = 16;
      } else if (boxSize === 0) {
        boxSize = size - offset;
      }
      return { boxSize, type, headerSize };
    };
    let offset = 0;
    while (offset + 8 <= size) {
      const box = await readBox(offset);
      if (box.boxSize < 8) return null;
      if (box.type === 'moov') {
        let inner = offset + box.headerSize;
        const end = offset + box.boxSize;
        while (inner + 8 <= end) {
          const child = await readBox(inner);
          if (child.boxSize < 8) return null;
          if (child.type === 'mvhd') {
            const body = Buffer.alloc(32);
            await handle.read(body, 0, 32, inner + child.headerSize);
            const version = body.readUInt8(0);
            const timescale = version === 1 ? body.readUInt32BE(20) : body.readUInt32BE(12);
            const duration = version === 1 ? Number(body.readBigUInt64BE(24)) : body.readUInt32BE(16);
            return timescale > 0 ? Math.round((duration / timescale) * 100) / 100 : null;
          }
          inner += child.boxSize;
        }
        return null;
      }
      offset += box.boxSize;
    }
    return null;
  } finally {
    await handle.close();
  }
}

export interface VideoProbe {
  /**
   * Whether the file decodes as a video: ffmpeg reads its first frame when a binary is available; without
   * one, an MP4/MOV must at least carry a readable movie header.
   */
  readable(filePath: string): Promise<boolean>;
  duration(filePath: string): Promise<number | null>;
  /** A JPEG frame of the video, or null when no decoder is available. */
  thumbnail(filePath: string): Promise<Buffer | null>;
}

/**
 * Duration from the MP4 header; a decode check and a thumbnail frame through ffmpeg when a binary
 * is available (FFMPEG_PATH). Without ffmpeg, videos are stored without a thumbnail.
 */
export function createVideoProbe(ffmpegPath: string | undefined): VideoProbe {
  return {
    async readable(filePath) {
      if (!ffmpegPath) return (await mp4DurationSeconds(filePath).catch(() => null)) !== null;
      try {
        await run(ffmpegPath, ['-v', 'error', '-xerror', '-i', filePath, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'], { timeout: 20_000, maxBuffer: 1024 * 1024 });
        return true;
      } catch {
        return false;
      }
    },
    duration: async (filePath) => mp4DurationSeconds(filePath).catch(() => null),
    async thumbnail(filePath) {
      if (!ffmpegPath) return null;
      try {
        const { stdout } = await run(
          ffmpegPath,
          ['-v', 'error', '-ss', '0', '-i', filePath, '-frames:v', '1', '-vf', 'scale=320:-2', '-f', 'image2pipe', '-vcodec', 'mjpeg', 'pipe:1'],
          { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024, timeout: 20_000 },
        );
        return stdout.length > 0 ? stdout : null;
      } catch {
        return null;
      }
    },
  };
}
