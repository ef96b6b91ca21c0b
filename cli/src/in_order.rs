//! Games played several at a time and taken in game order: the loop under every match
//! runner's `--jobs N`. Each game is a function of its number alone, so the runners only
//! need the results handed back in order for their logs and summaries to be those of one
//! job.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Plays every game of `todo` on up to `jobs` threads and hands each result to `take`
/// in the order of `todo`, each as soon as every earlier one is taken. The first error,
/// from `play` or from `take`, is returned once the games under way finish: no game is
/// started after it, and no later result is taken.
pub fn play_in_order<T: Send, E: Send>(
    todo: &[u32],
    jobs: u32,
    play: impl Fn(u32) -> Result<T, E> + Sync,
    mut take: impl FnMut(u32, T) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Result<T, E>)>();
    std::thread::scope(|scope| {
        for _ in 0..(jobs as usize).min(todo.len()) {
            let send = send.clone();
            let (next, failed, play) = (&next, &failed, &play);
            scope.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&game) = todo.get(slot) else { break };
                    let result = play(game);
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if send.send((slot, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut finished: Vec<Option<Result<T, E>>> = todo.iter().map(|_| None).collect();
        let mut taken = 0;
        let mut outcome = Ok(());
        for (slot, result) in receive {
            finished[slot] = Some(result);
            while outcome.is_ok() {
                let Some(result) = finished.get_mut(taken).and_then(Option::take) else {
                    break;
                };
                outcome = result.and_then(|value| take(todo[taken], value));
                taken += 1;
                if outcome.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
            }
        }
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Plays `todo` with the later games finishing sooner; returns the games taken.
    fn taken(todo: &[u32], jobs: u32, fail_at: Option<u32>) -> (Result<(), String>, Vec<u32>) {
        let mut order = Vec::new();
        let outcome = play_in_order(
            todo,
            jobs,
            |game| {
                std::thread::sleep(Duration::from_millis(u64::from(20 - game % 4 * 5)));
                match fail_at {
                    Some(bad) if bad == game => Err(format!("game {game} failed")),
                    _ => Ok(game * 10),
                }
            },
            |game, value| {
                assert_eq!(value, game * 10, "each result goes with its own game");
                order.push(game);
                Ok(())
            },
        );
        (outcome, order)
    }

    #[test]
    fn results_are_taken_in_the_order_of_the_games_whatever_the_jobs() {
        let todo = [3, 4, 5, 7, 8, 9, 10, 11];
        for jobs in [1, 2, 3, 8, 20] {
            assert_eq!(
                taken(&todo, jobs, None),
                (Ok(()), todo.to_vec()),
                "{jobs} jobs"
            );
        }
        assert_eq!(taken(&[], 4, None), (Ok(()), Vec::new()));
    }

    #[test]
    fn the_first_failure_stops_the_taking_after_the_games_before_it() {
        let todo: Vec<u32> = (0..12).collect();
        for jobs in [1, 3] {
            let (outcome, order) = taken(&todo, jobs, Some(5));
            assert_eq!(outcome, Err("game 5 failed".to_string()), "{jobs} jobs");
            assert_eq!(order, vec![0, 1, 2, 3, 4], "{jobs} jobs");
        }
    }

    #[test]
    fn a_failure_to_take_ends_the_run_there() {
        let todo: Vec<u32> = (0..9).collect();
        let mut order = Vec::new();
        let outcome = play_in_order(&todo, 2, Ok::<u32, String>, |game, _| {
            if game == 6 {
                return Err("the disk is full".to_string());
            }
            order.push(game);
            Ok(())
        });
        assert_eq!(outcome, Err("the disk is full".to_string()));
        assert_eq!(order, (0..6).collect::<Vec<u32>>());
    }
}
