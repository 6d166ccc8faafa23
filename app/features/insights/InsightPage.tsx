import { useParams } from 'react-router';
import { Page } from '../../ui/Page';

export default function InsightPage() {
  const { item = '' } = useParams();
  return <Page route="insight" title={item.replace(/-/g, ' ')} />;
}
