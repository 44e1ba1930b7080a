import type { ConsoleMe, ExportJob } from '@campaign/contract/client';
import { message as antdMessage, Empty, Table } from 'antd';
import { useEffect } from 'react';
import { useOutletContext } from 'react-router';
import { download } from '../../api/request';
import { useCampaignTitles } from '../../shared/campaign/titles';
import { type ListPage, useListPage } from '../../shared/hooks/use-list-page';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { ExportForm } from './export-form';
import { jobColumns } from './job-columns';
import { t } from './messages';
import './reports.css';

type JobList = ListPage<'consoleExportJobs', never, ExportJob>;

/** Exports: a form to start one, and the jobs with their progress bars and downloads (polled while running). */
export function ReportsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const [message, holder] = antdMessage.useMessage();
  const jobs = useListPage('consoleExportJobs', {
    filters: [],
    pageSize: 10,
    toQuery: ({ page, pageSize }) => ({ page, pageSize }),
    rows: (d) => ({ items: d.items, total: d.total }),
  });
  // The hook takes no query options: the running jobs' progress is polled here, once a second.
  const running = jobs.tableProps.dataSource.some((j) => j.state === 'running');
  const { refetch } = jobs.result;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch(), 1000);
    return () => clearInterval(timer);
  }, [running, refetch]);

  return (
    <div className="console-page">
      {holder}
      <PageHead title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <Panel title={t('reports.newExport')}>
        <ExportForm roles={me.roles} onStarted={() => void message.success(t('reports.started'))} />
      </Panel>
      <Panel title={t('reports.jobs')}>
        <Jobs jobs={jobs} onDownloadFailed={(err) => void message.error(err.message)} />
      </Panel>
    </div>
  );
}

function Jobs({ jobs, onDownloadFailed }: { jobs: JobList; onDownloadFailed: (err: Error) => void }) {
  const titles = useCampaignTitles();
  if (jobs.error) return <LoadFailed error={jobs.error} retry={jobs.result.refetch} />;
  const save = (j: ExportJob) =>
    download('consoleExportFile', { query: { id: j.id } }).catch((err: Error) => {
      onDownloadFailed(err);
      // Expired meanwhile (an unmasked file lasts 30 minutes): the row says so.
      void jobs.result.refetch();
    });
  return (
    <Table<ExportJob>
      {...jobs.tableProps}
      size="middle"
      locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
      pagination={{ ...jobs.tableProps.pagination, showTotal: undefined }}
      columns={jobColumns({ title: (a) => titles.get(a) ?? a, download: save })}
    />
  );
}
