import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TMediaFile, TMediaResult } from '@rally/domain';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fetch-stub';
import { MediaUpload } from './media-upload';

const imageValue: TMediaResult = {
  fileType: 'image',
  imageUrl: '/api/media/file/11111111-1111-4111-8111-111111111111',
  imageArgs: {
    fileId: '11111111-1111-4111-8111-111111111111',
    fileName: 'shelf.png',
    versionId: 1,
    imageTitle: 'Shelf photo',
  },
};

function mediaFile(id: string, title: string, overrides: Partial<TMediaFile> = {}): TMediaFile {
  const url = `/api/media/file/${id}`;
  return {
    id,
    fileType: 'image',
    mimeType: 'image/png',
    fileName: `${title}.png`,
    title,
    sizeBytes: 1234,
    width: 10,
    height: 10,
    duration: null,
    url,
    thumbUrl: `${url}/thumb`,
    result: {
      fileType: 'image',
      imageUrl: url,
      imageArgs: { fileId: id, fileName: `${title}.png`, versionId: 1, imageTitle: title },
    },
    createdAt: 1_767_225_600,
    ...overrides,
  };
}

/** A stand-in XMLHttpRequest the test drives by hand: progress, then an answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = new Event('progress') as ProgressEvent;
    Object.assign(event, { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

function Harness({
  initial = null,
  onChange,
}: {
  initial?: TMediaResult | null;
  onChange: (v: TMediaResult | null) => void;
}) {
  const [value, setValue] = useState<TMediaResult | null>(initial);
  return (
    <MediaUpload
      label="Mission image"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function drop(target: HTMLElement, file: File) {
  fireEvent.drop(target, { dataTransfer: { files: [file], types: ['Files'] } });
}

function pngFile(name = 'shelf.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

describe('media upload widget', () => {
  it('rejects a dropped text file with a translated message and uploads nothing', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    drop(
      screen.getByRole('button', { name: /drop an image or a video here/i }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );

    expect(screen.getByRole('alert').textContent).toBe(
      '“notes.txt” is not an image or a video. Only images and videos can be added.',
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses an image over 10 MB before uploading it', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = null;
    renderWithProviders(<Harness onChange={vi.fn()} />);
    const big = pngFile('huge.png');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });

    drop(screen.getByRole('button', { name: /drop an image or a video here/i }), big);

    expect(screen.getByRole('alert').textContent).toMatch(/“huge.png” is 11 MB; images can be at most 10 MB/);
    expect(FakeXhr.last).toBeNull();
  });

  it('shows a preview of an image value and removes it', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={imageValue} onChange={onChange} />);

    const img = screen.getByRole('img', { name: 'Shelf photo' });
    expect(img.getAttribute('src')).toBe(imageValue.imageUrl);

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));

    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('img', { name: 'Shelf photo' })).toBeNull();
    expect(screen.getByRole('button', { name: /drop an image or a video here/i })).toBeTruthy();
  });

  it('uploads a dropped image as multipart with a progress bar and uses the result', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    drop(screen.getByRole('button', { name: /drop an image or a video here/i }), pngFile());

    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v3/media/upload']);
    expect([...xhr.body!.keys()]).toEqual(['title', 'file']);
    expect(xhr.body!.get('title')).toBe('shelf');

    act(() => xhr.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of shelf.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    const uploaded = mediaFile('22222222-2222-4222-8222-222222222222', 'shelf');
    act(() => xhr.respond(201, uploaded));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(uploaded.result));
    expect(screen.getByRole('img', { name: 'shelf' })).toBeTruthy();
  });

  it('cancels a running upload', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    drop(screen.getByRole('button', { name: /drop an image or a video here/i }), pngFile());

    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(FakeXhr.last!.aborted).toBe(true);
    return waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull()).then(() => {
      expect(onChange).not.toHaveBeenCalled();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  it('shows the server message of a refused upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderWithProviders(<Harness onChange={vi.fn()} />);
    drop(screen.getByRole('button', { name: /drop an image or a video here/i }), pngFile('fake.png'));

    act(() =>
      FakeXhr.last!.respond(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid request',
          fields: [
            { path: 'file', message: 'the file is really image/jpeg, not what its name or type (image/png) says' },
          ],
        },
      }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server refused the file: the file is really image/jpeg, not what its name or type (image/png) says',
    );
  });

  it('picks a file from the media library', async () => {
    const file = mediaFile('33333333-3333-4333-8333-333333333333', 'Lemon can');
    const api = stubFetch({
      'GET /api/v3/media': () => ({
        body: { items: [file], _meta: { totalCount: 1, pageCount: 1, currentPage: 1, perPage: 12 } },
      }),
    });
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    fireEvent.click(screen.getByRole('button', { name: /drop an image or a video here/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Lemon can' }));

    expect(onChange).toHaveBeenCalledWith(file.result);
    expect(api.to('GET', '/api/v3/media')[0]?.url.searchParams.get('perPage')).toBe('12');
  });

  it('renames the file from the title popover', async () => {
    const renamed = mediaFile(imageValue.imageArgs!.fileId, 'Cooler front');
    const api = stubFetch({ [`POST /api/v3/media/${renamed.id}/update`]: () => ({ body: renamed }) });
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={imageValue} onChange={onChange} />);

    fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    fireEvent.change(screen.getByLabelText('File title'), { target: { value: 'Cooler front' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(renamed.result));
    expect(api.to('POST', `/api/v3/media/${renamed.id}/update`)[0]?.body).toEqual({ title: 'Cooler front' });
  });
});
