import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton, Space, Tag, Tooltip } from 'antd';
import type { FileEndpoint } from '@cityops/contract';
import { useCrud } from './context.js';
import { crudTexts } from './texts.js';

/** A stored image: its id in the file endpoint's `:id`, its name and type as the list answered them. */
export interface StoredImage {
  id: number;
  name: string;
  contentType: string;
}

export interface StoredImagesProps {
  /** The stored file's endpoint, its one path parameter being the image's `id`. */
  endpoint: FileEndpoint;
  images: readonly StoredImage[];
  /** The thumbnail's side in pixels. */
  size?: number;
}

const THUMBNAIL_PX = 64;
/** A stored image never changes under its id: fetched once per page visit, let go a while after. */
const KEEP_MS = 5 * 60_000;

/** Object addresses whose component went, each revoked a moment later unless it shows again. */
const letGo = new Map<string, number>();

/**
 * An object address for the bytes while the component shows them, revoked when they go. The revoke
 * waits a moment: StrictMode ends and starts the effect again at once, and the picture must survive it.
 */
function useObjectAddress(file: Blob | undefined, contentType: string) {
  const address = useMemo(
    () => (file ? URL.createObjectURL(new Blob([file], { type: contentType })) : undefined),
    [file, contentType],
  );
  useEffect(() => {
    if (!address) return undefined;
    window.clearTimeout(letGo.get(address));
    letGo.delete(address);
    return () => {
      letGo.set(
        address,
        window.setTimeout(() => {
          letGo.delete(address);
          URL.revokeObjectURL(address);
        }, 0),
      );
    };
  }, [address]);
  return address;
}

function Thumbnail({ endpoint, image, size }: { endpoint: FileEndpoint; image: StoredImage; size: number }) {
  const { http } = useCrud();
  const t = crudTexts.useTexts();
  // The image travels with the session's header like every call, so it cannot be a plain <img src>.
  const file = useQuery({
    queryKey: ['storedImage', endpoint.path, image.id],
    queryFn: ({ signal }) => http.fetchFile(endpoint, { params: { id: image.id }, signal, quiet: true }),
    staleTime: Infinity,
    gcTime: KEEP_MS,
  });
  const address = useObjectAddress(file.data, image.contentType);
  if (file.isError) {
    return (
      <Tooltip title={t('imageFailed', { name: image.name })}>
        <Tag
          role="button"
          style={{ cursor: 'pointer' }}
          onClick={() => void http.downloadFile(endpoint, { params: { id: image.id } })}
        >
          {image.name}
        </Tag>
      </Tooltip>
    );
  }
  if (!address) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return (
    <Image
      src={address}
      alt={image.name}
      title={image.name}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}

/**
 * Thumbnails of stored images (a work order's photos), each fetched with the session and opening the
 * large preview, the group browsable with the preview's arrows; one that cannot be fetched shows its
 * name and downloads on a click.
 */
export function StoredImages({ endpoint, images, size = THUMBNAIL_PX }: StoredImagesProps) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={6}>
        {images.map((image) => (
          <Thumbnail key={image.id} endpoint={endpoint} image={image} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
