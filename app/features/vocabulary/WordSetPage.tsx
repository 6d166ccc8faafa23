import { useParams } from 'react-router';
import { Page } from '../../ui/Page';

export default function WordSetPage() {
  const { set = '' } = useParams();
  return <Page route="wordSet" title={set.replace(/-/g, ' ')} />;
}
