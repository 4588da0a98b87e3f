import { Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { DOCUMENT_KIND_INFO, type DocumentKind } from '@bolsa/domain';
import { FileDrop } from '../../components/FileDrop';
import { fieldId, type ApplicationPrefill, type DocumentKey } from './form-values';
import type { ApplicationFormApi } from './types';
import type { FileUploads } from '../../lib/use-file-uploads';

/** The documents as the vocabulary names them (domain document-kinds.ts); the CV as this form calls it (spec 1 §5.2). */
const pdf = (kind: DocumentKind) => `${DOCUMENT_KIND_INFO[kind].label} (PDF)`;
const DOCUMENT_LABEL: Record<DocumentKey, string> = {
  photo: DOCUMENT_KIND_INFO.PHOTO.label,
  curriculum: 'Hoja de Vida (PDF)',
  dpiScan: pdf('DPI'),
  policeRecord: pdf('POLICE_RECORD'),
  criminalRecord: pdf('CRIMINAL_RECORD'),
};

interface DocumentFieldProps {
  documentKey: DocumentKey;
  form: ApplicationFormApi;
  files: FileUploads<DocumentKey>;
  /** The profile's documents (registered mode). */
  stored: NonNullable<ApplicationPrefill['storedDocuments']>;
}

/** One document of the application: the profile's file when it holds one, else a drop zone to choose it. */
export function DocumentField({ documentKey: key, form, files, stored }: DocumentFieldProps) {
  const inProfile = stored[key];
  // Held by the profile: present already, shown rather than asked again; the application
  // references the profile's file (the photo is locked, spec 1 §2.6).
  if (inProfile)
    return (
      <div id={fieldId(key)} role="group" aria-label={`${DOCUMENT_LABEL[key]}: En tu perfil`}>
        <Text size="sm" fw={500}>
          {DOCUMENT_LABEL[key]}
        </Text>
        <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
          <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            <Text span fw={600} c="green.9">
              En tu perfil
            </Text>
            <Text span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {' · '}
              {inProfile.name}
            </Text>
          </Text>
        </Group>
      </div>
    );
  return (
    <FileDrop
      id={fieldId(key)}
      label={DOCUMENT_LABEL[key]}
      purpose={key === 'photo' ? 'candidate-photo' : 'candidate-document'}
      slot={files.slots[key]}
      required
      error={typeof form.errors[key] === 'string' ? (form.errors[key] as string) : undefined}
      onSelect={(f) => {
        form.clearFieldError(key);
        files.select(key, f);
      }}
      onReject={(message) => files.reject(key, message)}
      onClear={() => files.clear(key)}
    />
  );
}
