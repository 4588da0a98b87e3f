import { Container, Tabs, Text, Title } from '@mantine/core';
import { IconBriefcase, IconClipboardList, IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { AdminEmailsTab } from '../admin-emails';
import { AdminVacancyGrid } from '../vacancies';
import { TestTemplatesTab } from '../test-templates';

const TABS = ['vacantes', 'pruebas', 'correos'] as const;
type Tab = (typeof TABS)[number];

/** /panel: the admin control panel with its three tabs (spec 2 §2). The tab is kept in the address. */
export function PanelPage() {
  useDocumentTitle(pageTitle('Panel de control'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('seccion');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'vacantes';

  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || value === 'vacantes') next.delete('seccion');
    else next.set('seccion', value);
    setParams(next, { replace: true });
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Panel de control
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        Vacantes, pruebas y correos administrativos.
      </Text>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="vacantes" leftSection={<IconBriefcase size={16} aria-hidden />}>
            Vacantes
          </Tabs.Tab>
          <Tabs.Tab value="pruebas" leftSection={<IconClipboardList size={16} aria-hidden />}>
            Mantenimiento de Pruebas
          </Tabs.Tab>
          <Tabs.Tab value="correos" leftSection={<IconMail size={16} aria-hidden />}>
            Mantenimiento de Correos
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="vacantes">
          <AdminVacancyGrid />
        </Tabs.Panel>
        <Tabs.Panel value="pruebas">
          <TestTemplatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="correos">
          <AdminEmailsTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
