/**
 * The logo editor (000 §2.6): pick an image with the button or drop it on the editor area; jpeg,
 * png, gif, bmp and webp only ('Please select a valid image file.'). The image is shown in a 700x300
 * area with a fixed 500x100 crop area; zoom from the fit level up to 5 in steps of 0.1 and pan with
 * the pointer or the keyboard. Save crops to a 500x100 PNG and uploads it, showing the progress.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { LOGO_SIZE, MSG } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { uploadLogoAction } from '../api/upload-logo';
import { LOGO_ACCEPT, cropToPng, decodeLogo, isLogoFile } from '../lib/logo-file';
import { initialView, type LogoView } from '../lib/logo-geometry';
import { LogoCanvas } from './LogoCanvas';
import classes from './LogoEditor.module.css';
import { LogoZoomControls } from './LogoZoomControls';

export const LOGO_EDITOR_TITLE = 'Account Logo';

type Props = { opened: boolean; onClose: () => void };

export function LogoEditorModal({ opened, onClose }: Props) {
  const [uploading, setUploading] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={LOGO_EDITOR_TITLE}
      // The 700 px editor area and the body's padding on each side.
      size="calc(700px + 2 * var(--mantine-spacing-md))"
      closeOnEscape={!uploading}
      closeOnClickOutside={!uploading}
      withCloseButton={!uploading}
      closeButtonProps={{ 'aria-label': 'Close logo editor' }}
    >
      <LogoEditor onClose={onClose} onUploading={setUploading} />
    </Modal>
  );
}

type Picked = { image: ImageBitmap; name: string };

function LogoEditor({ onClose, onUploading }: { onClose: () => void; onUploading: (busy: boolean) => void }) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [view, setView] = useState<LogoView>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const upload = useAction({ ...uploadLogoAction, success: MSG.accountUpdated });
  const busy = progress !== null;

  const takeFile = async (file: File) => {
    const image = isLogoFile(file) ? await decodeLogo(file) : null;
    if (!image) {
      setError(MSG.invalidImage);
      return;
    }
    setError(null);
    setPicked({ image, name: file.name });
    setView(initialView(image));
  };

  // A file dropped anywhere while the editor is open must not make the browser leave the console to
  // show it; the whole editor (not only the area) takes it.
  useEffect(() => {
    const keep = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !busy) void takeFile(file);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragOver(!busy);
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(false);
  };

  const onSave = async () => {
    if (!picked) return;
    setProgress(0);
    onUploading(true);
    const outcome = await upload.run({
      body: () => ({
        data: cropToPng(picked.image, view),
        filename: picked.name,
        width: LOGO_SIZE.width,
        height: LOGO_SIZE.height,
      }),
      onProgress: setProgress,
    });
    setProgress(null);
    onUploading(false);
    if (outcome.ok) onClose();
  };

  const pickButton = (
    <Button
      variant={picked ? 'default' : 'filled'}
      leftSection={<IconUpload size={16} aria-hidden="true" />}
      onClick={() => inputRef.current?.click()}
      disabled={busy}
      // The dialog opens on the picker rather than on its close button.
      data-autofocus={picked ? undefined : true}
    >
      {picked ? 'Choose another image' : 'Choose image'}
    </Button>
  );

  return (
    <Stack gap="md" onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop} data-testid="logo-editor">
      <input
        ref={inputRef}
        type="file"
        accept={LOGO_ACCEPT}
        hidden
        data-testid="logo-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void takeFile(file);
        }}
      />
      <Box
        className={dragOver ? classes.dragOver : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        data-testid="logo-drop-zone"
      >
        {picked ? (
          <LogoCanvas image={picked.image} view={view} onChange={setView} describedBy={helpId} />
        ) : (
          <div className={`${classes.area} ${classes.drop}`}>
            <IconUpload size={36} stroke={1.5} aria-hidden="true" />
            <Text fw={600}>Drag and drop an image here</Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, GIF, BMP or WebP. The logo is saved at {LOGO_SIZE.width} × {LOGO_SIZE.height} pixels.
            </Text>
            {pickButton}
          </div>
        )}
      </Box>
      {error ? (
        <Text role="alert" size="sm" c="var(--mantine-color-error)" data-testid="logo-error">
          {error}
        </Text>
      ) : null}
      {picked ? (
        <>
          <Text id={helpId} size="sm" c="dimmed">
            Drag the image or use the arrow keys to move it (Shift moves further); use + and − or the slider to zoom.
            The area inside the frame becomes the logo.
          </Text>
          <LogoZoomControls image={picked.image} view={view} onChange={setView} disabled={busy} />
        </>
      ) : null}
      {busy ? (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            Uploading… {Math.round((progress ?? 0) * 100)}%
          </Text>
          <Progress value={Math.round((progress ?? 0) * 100)} aria-label="Logo upload progress" />
        </Stack>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {picked ? pickButton : null}
          {picked ? (
            <Text size="sm" c="dimmed" data-testid="logo-file-name">
              {picked.name}
            </Text>
          ) : null}
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void onSave()} disabled={!picked || busy} loading={busy}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
