// /dashboard: the dashboard feature's page with the travel feature's card below the main one.
import { DashboardPage, type DashboardProps } from "../features/dashboard/dashboard-page";
import { TravelCard } from "../features/travel/travel-card";

export function DashboardWithTravel(props: DashboardProps) {
  return <DashboardPage {...props} extra={<TravelCard status={props.status} />} />;
}
