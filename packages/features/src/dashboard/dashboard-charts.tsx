/**
 * The three dashboard charts. This module is loaded lazily by DashboardScreen so that routes
 * without charts (the login above all) never download the chart code.
 */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@socio/ui';
import { BarChart, DoughnutChart, LineChart } from '@socio/ui/charts';
import { clientPoints, weeklyPoints, yDomain } from './dashboard.model';
import type { DashboardResumen } from './dashboard.wire';
import { dashboardMessages as m } from './messages.es';

export interface DashboardChartsProps {
  resumen: DashboardResumen;
}

// The doughnut (240 px) carries its legend below; the line and bar charts take that room too so the
// three cards of the row end level instead of leaving a blank band under two of them.
const CHART_HEIGHT = 284;

export default function DashboardCharts({ resumen }: DashboardChartsProps) {
  const clients = clientPoints(resumen);
  const completed = weeklyPoints(resumen.semanal_completados);
  const requests = weeklyPoints(resumen.semanal_nuevas);
  return (
    <div data-slot="dashboard-charts" className="grid gap-4 lg:grid-cols-3">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">{m.byClient}</CardTitle>
          <CardDescription>{m.byClientDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <DoughnutChart
            title={m.byClient}
            hideTitle
            height={240}
            data={clients.map((c) => ({ id: c.label, label: c.label, value: c.value }))}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">{m.weeklyCompleted}</CardTitle>
          <CardDescription>{m.weeklyDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <LineChart
            title={m.weeklyCompleted}
            hideTitle
            height={CHART_HEIGHT}
            xLabel={m.weekAxis}
            area
            yDomain={yDomain(completed.map((p) => p.value))}
            series={[
              {
                id: 'completados',
                label: m.completedSeries,
                data: completed.map((p) => ({ x: p.label, y: p.value })),
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">{m.weeklyNew}</CardTitle>
          <CardDescription>{m.weeklyDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <BarChart
            title={m.weeklyNew}
            hideTitle
            height={CHART_HEIGHT}
            xLabel={m.weekAxis}
            valueLabel={m.newSeries}
            yDomain={yDomain(requests.map((p) => p.value))}
            data={requests}
          />
        </CardContent>
      </Card>
    </div>
  );
}
