import { Avatar, Button, Group, Image, Modal, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { IconDownload } from '@tabler/icons-react';
import { useTrackDialog } from '../../../lib/dialog-activity';
import type { CandidateDetailData } from './types';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** The photo (spec 3 §2.2): click to enlarge, and download from the enlarged view. */
export function CandidatePhoto({ c }: { c: CandidateDetailData }) {
  const [opened, { open, close }] = useDisclosure(false);
  // A photo that cannot be fetched (deleted file, storage down) shows the initials, not a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  useTrackDialog(opened);
  if (!c.photo || failed === c.photo.url)
    return (
      <Avatar size={96} radius="md" color="brand" role="img" aria-label="Sin fotografía">
        {initials(c.fullName)}
      </Avatar>
    );
  const photo = c.photo;
  return (
    <>
      <UnstyledButton onClick={open} aria-label={`Ampliar fotografía de ${c.fullName}`} style={{ borderRadius: 8 }}>
        <Image src={photo.url} alt="" w={96} h={96} radius="md" fit="cover" onError={() => setFailed(photo.url)} />
      </UnstyledButton>
      <Modal opened={opened} onClose={close} title={`Fotografía de ${c.fullName}`} centered size="lg">
        <Stack gap="md">
          <Image src={photo.url} alt={`Fotografía de ${c.fullName}`} radius="md" fit="contain" mah="70vh" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cerrar
            </Button>
            <Button
              component="a"
              href={photo.url}
              download={photo.name || 'fotografia'}
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Descargar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
